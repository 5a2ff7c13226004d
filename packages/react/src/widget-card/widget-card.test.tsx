// @vitest-environment happy-dom
import { type WidgetPart, WidgetPartLog } from '@drawbridge/protocol';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FrameHostOptions } from '../frame-host/frame-host.ts';
import { createTranscriptWidget, type TranscriptWidget } from '../transcript/transcript-state.ts';
import { WidgetCard } from './widget-card.tsx';
import { type WidgetEnvironment, WidgetEnvironmentContext } from './widget-environment.ts';
import { WidgetLineagesContext } from './widget-lineages-context.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// The frame itself is the browser's business (e2e); here a stand-in records what the card asked of it.
const hosts = vi.hoisted(() => [] as Array<{ options: unknown; disposed: boolean }>);
vi.mock('../frame-host/frame-host.ts', () => ({
  FrameHost: class {
    // An element in the iframe's place: happy-dom would try to load a real one.
    readonly iframe = document.createElement('div');
    leavingAnnounced = false;
    contentHeight = 200;
    readonly record: { options: unknown; disposed: boolean };
    constructor(options: FrameHostOptions) {
      options.container.append(this.iframe);
      this.record = { options, disposed: false };
      hosts.push(this.record);
    }
    update() {
      return 'forwarded';
    }
    setTheme() {}
    setFullscreen() {}
    dispose() {
      this.record.disposed = true;
      this.iframe.remove();
    }
  },
}));
vi.mock('./hardening/frame-guard.ts', () => ({ guardWidgetFrame: () => () => {} }));
vi.mock('./hardening/widget-event-reporter.ts', () => ({ reportWidgetEvent: async () => {} }));

function widget(id: string, parts: WidgetPart[], extra: Partial<TranscriptWidget> = {}): TranscriptWidget {
  return { ...createTranscriptWidget(id), parts: WidgetPartLog.of(parts), complete: true, ...extra };
}

const dice = widget('w1', [
  { part: 'html', delta: '<h2>Dice roller</h2><ol id="rolls"></ol>' },
  { part: 'js', delta: 'const rolls = null;\nrolls.prepend(1);' },
]);

let container: HTMLDivElement;
let root: Root;
let prompts: string[];

function environment(overrides: Partial<WidgetEnvironment> = {}): WidgetEnvironment {
  return {
    theme: 'light',
    threadId: 't1',
    sendPrompt: (text) => {
      prompts.push(text);
      return { ok: true, message: 'Sent as your next message.' };
    },
    autoRepair: false,
    trustedLinkHosts: [],
    confirmLink: async () => false,
    ...overrides,
  };
}

function draw(shown: TranscriptWidget, { lineage = [shown], env = environment(), streaming = false } = {}) {
  act(() =>
    root.render(
      <WidgetEnvironmentContext.Provider value={env}>
        <WidgetLineagesContext.Provider value={new Map([[lineage[0]!.id, lineage]])}>
          <WidgetCard widget={shown} streaming={streaming} />
        </WidgetLineagesContext.Provider>
      </WidgetEnvironmentContext.Provider>,
    ),
  );
}

/** What the card gave its frame host: the callbacks through which the frame reports back. */
function latestHost(): FrameHostOptions {
  return hosts.at(-1)!.options as FrameHostOptions;
}

beforeEach(() => {
  hosts.length = 0;
  prompts = [];
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

describe('WidgetCard', () => {
  it('gives its frame the title the widget names itself by, and offers the download once complete', () => {
    draw(dice);
    expect(latestHost().title).toBe('Widget: Dice roller');
    expect(container.querySelector('a[download]')?.getAttribute('href')).toBe(
      '/api/threads/t1/widgets/w1.html',
    );
  });

  it('shows what the widget reported as its quoted claim, and marks the card rendered when the frame says so', () => {
    draw(dice);
    expect(container.querySelector('figure')?.getAttribute('data-rendered')).toBe('false');
    act(() => latestHost().onRendered());
    expect(container.querySelector('figure')?.getAttribute('data-rendered')).toBe('true');
    act(() => latestHost().onError("TypeError: Cannot read properties of null (reading 'prepend')", 2));
    const notice = container.querySelector('.db-widget-card__error');
    expect(notice?.querySelector('.db-widget-card__error-lead')?.textContent).toBe(
      'The widget reported an error:',
    );
    expect(notice?.querySelector('q')?.textContent).toBe(
      "TypeError: Cannot read properties of null (reading 'prepend')",
    );
    expect(notice?.textContent).toContain('(line 2)');
  });

  it('asks for a repair with "Fix it" once, naming the widget, its revision and the line', () => {
    draw(dice);
    act(() => latestHost().onError('TypeError: rolls is null', 2));
    const fix = [...container.querySelectorAll('button')].find((button) => button.textContent === 'Fix it')!;
    act(() => fix.click());
    expect(prompts).toHaveLength(1);
    expect(prompts[0]).toMatch(/^Fix widget w1 \(revision 1\): it reported these errors\./);
    expect(prompts[0]).toContain('- "TypeError: rolls is null" (JS line 2)');
    expect(prompts[0]).toContain('>2 | rolls.prepend(1);');
    expect(fix.disabled).toBe(true);
  });

  it('offers no repair while the reply is still writing the widget', () => {
    draw({ ...dice, complete: false }, { streaming: true });
    act(() => latestHost().onError('TypeError: rolls is null', 2));
    expect(container.querySelector('.db-widget-card__error')).not.toBeNull();
    expect([...container.querySelectorAll('button')].some((button) => button.textContent === 'Fix it')).toBe(
      false,
    );
  });

  it('sends the repair request by itself, once, when the server enables automatic repair', () => {
    draw(dice, { env: environment({ autoRepair: true }) });
    act(() => latestHost().onError('TypeError: rolls is null', 2));
    act(() => latestHost().onError('TypeError: another', 3));
    expect(prompts).toHaveLength(1);
    expect(prompts[0]).toMatch(/^Fix widget w1 \(revision 1\)/);
  });

  it('stands for an earlier revision with a notice, and draws no frame for it', () => {
    const second = widget('w2', [{ part: 'html', delta: '<h2>Dice roller</h2>' }], {
      revision: { of: 'w1', number: 2, baseId: 'w1' },
    });
    draw(dice, { lineage: [dice, second] });
    expect(hosts).toHaveLength(0);
    expect(container.textContent).toMatch(/revision 1/i);
  });

  it('takes its frame, its download and its reports from the base URL the server is mounted at', () => {
    draw(dice, { env: environment({ baseUrl: '/ai' }) });
    expect(latestHost().baseUrl).toBe('/ai');
    expect(container.querySelector('a[download]')?.getAttribute('href')).toBe(
      '/ai/api/threads/t1/widgets/w1.html',
    );
  });

  it("shows the source through the environment's renderCode, and as plain text without one", () => {
    const viewSource = () =>
      act(() =>
        [...container.querySelectorAll('button')]
          .find((button) => button.textContent === 'View source')!
          .click(),
      );
    draw(dice);
    viewSource();
    expect(container.querySelector('.db-source-dialog__plain code')?.textContent).toBe(
      '<h2>Dice roller</h2><ol id="rolls"></ol>',
    );
    act(() => root.unmount());
    root = createRoot(container);
    draw(dice, {
      env: environment({
        renderCode: ({ text, language }) => <pre data-language={language}>{text.length} characters</pre>,
      }),
    });
    viewSource();
    expect(container.querySelector('.db-source-dialog__plain')).toBeNull();
    expect(container.querySelector('pre[data-language="html"]')?.textContent).toBe('40 characters');
  });

  it('offers Share… only where the page shares, for the revision it shows', () => {
    const shareButton = () =>
      [...container.querySelectorAll('button')].find((button) => button.textContent === 'Share…');
    draw(dice);
    expect(shareButton()).toBeUndefined();
    act(() => root.unmount());
    root = createRoot(container);
    const shared: unknown[] = [];
    draw(dice, { env: environment({ shareWidget: (target) => shared.push(target) }) });
    act(() => shareButton()!.click());
    expect(shared).toEqual([{ widgetId: 'w1', title: 'Dice roller' }]);
  });
});
