// @vitest-environment happy-dom
import { type WidgetPart, WidgetPartLog } from '@drawbridge/protocol';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTranscriptWidget, type TranscriptMessage } from '../transcript/transcript-state.ts';
import { TranscriptView, type TranscriptViewProps } from './transcript-view.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// The frame is the browser's business (e2e); the card is drawn here without one.
vi.mock('../frame-host/frame-host.ts', () => ({
  FrameHost: class {
    readonly iframe = document.createElement('div');
    leavingAnnounced = false;
    contentHeight = 200;
    constructor(options: { container: HTMLElement }) {
      options.container.append(this.iframe);
    }
    update() {
      return 'forwarded';
    }
    setTheme() {}
    setFullscreen() {}
    dispose() {}
  },
}));
vi.mock('../widget-card/hardening/frame-guard.ts', () => ({ guardWidgetFrame: () => () => {} }));

const parts: WidgetPart[] = [{ part: 'html', delta: '<h2>Dice roller</h2>' }];
const messages: TranscriptMessage[] = [
  { id: 'u1', role: 'user', parts: [{ kind: 'prose', text: 'Roll the dice, **please**' }] },
  {
    id: 'a1',
    role: 'assistant',
    parts: [
      { kind: 'prose', text: 'Here are your *dice*.' },
      {
        kind: 'widget',
        widget: { ...createTranscriptWidget('w1'), parts: WidgetPartLog.of(parts), complete: true },
      },
      {
        kind: 'tool-call',
        call: { toolCallId: 'c1', toolCallName: 'render_table', args: '{}', complete: true },
      },
      {
        kind: 'activity',
        activity: { id: 'x1', activityType: 'acme.map', content: {} },
      },
    ],
  },
] as TranscriptMessage[];

let container: HTMLDivElement;

/** "Jump to latest" as the reader sees it (its strip stays, empty, once the reader is back at the end). */
function shownPill() {
  return container.querySelector('.db-jump-to-latest:not(.db-jump-to-latest--idle)');
}
let root: Root;

function draw(props: Partial<TranscriptViewProps> = {}) {
  act(() =>
    root.render(
      <TranscriptView transcript={{ messages }} running={false} toolCallViews={new Map()} {...props} />,
    ),
  );
}

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

describe('TranscriptView', () => {
  it('draws each kind of part its own way with no renderers given: text as it is, the widget card, the call', () => {
    draw();
    expect(container.querySelector('.db-message--user')?.textContent).toBe('Roll the dice, **please**');
    const reply = container.querySelector('.db-message--assistant')!;
    expect(reply.querySelector('.db-prose')?.textContent).toBe('Here are your *dice*.');
    expect(reply.querySelector('.db-widget-card')?.getAttribute('data-widget-id')).toBe('w1');
    expect(reply.querySelector('[data-tool-call-id="c1"]')?.textContent).toBe(
      'Nothing here can show the table.',
    );
    expect(reply.querySelector('[data-activity-id="x1"]')?.textContent).toContain('acme.map');
  });

  it('hands prose, activities, tool calls and messages to the renderers it is given', () => {
    draw({
      id: 'transcript',
      toolCallViews: new Map([['c1', <table key="t" data-drawn="table" />]]),
      renderProse: ({ text }) => <p className="markdown">{text.toUpperCase()}</p>,
      renderActivity: (activity) => <div data-drawn={activity.activityType} />,
      renderToolCall: (call, card) => <section data-wrapped={call.toolCallName}>{card}</section>,
      renderUserMessage: ({ message, index }) => <article data-user={index}>{message.id}</article>,
      renderReplyActions: ({ message }) => <footer data-actions={message.id} />,
    });
    expect(container.querySelector('section#transcript')).not.toBeNull();
    expect(container.querySelector('[data-user="0"]')?.textContent).toBe('u1');
    expect(container.querySelector('.markdown')?.textContent).toBe('HERE ARE YOUR *DICE*.');
    expect(container.querySelector('[data-wrapped="render_table"] table[data-drawn="table"]')).not.toBeNull();
    expect(container.querySelector('[data-drawn="acme.map"]')).not.toBeNull();
    expect(container.querySelector('footer[data-actions="a1"]')).not.toBeNull();
  });

  it('shows no reply actions while the reply is still being written', () => {
    draw({ running: true, renderReplyActions: ({ message }) => <footer data-actions={message.id} /> });
    expect(container.querySelector('footer[data-actions]')).toBeNull();
  });

  it('lets a wheel up leave a reply whose widget is still taking its height', () => {
    draw();
    // happy-dom lays nothing out: the scroller gets the geometry of a transcript taller than its view.
    const scroller = container.querySelector<HTMLElement>('section.db-transcript')!;
    let contentHeight = 1000;
    let top = 0;
    Object.defineProperties(scroller, {
      clientHeight: { get: () => 500 },
      scrollHeight: { get: () => contentHeight },
      scrollTop: {
        get: () => top,
        set: (value: number) => {
          top = Math.max(0, Math.min(value, contentHeight - 500));
        },
      },
    });
    const scrolled = () => act(() => scroller.dispatchEvent(new Event('scroll')));
    draw();
    expect(top).toBe(500);
    scrolled();
    // The widget grows a few pixels a frame; the view follows it, its scroll event comes a frame later.
    contentHeight = 1010;
    draw();
    expect(top).toBe(510);
    // The reader wheels up before that event arrives, and the widget grows again before the wheel's scroll.
    act(() => scroller.dispatchEvent(new WheelEvent('wheel', { deltaY: -600 })));
    scrolled();
    contentHeight = 1012;
    top = 0;
    scrolled();
    contentHeight = 1020;
    draw();
    expect(top).toBe(0);
    expect(shownPill()?.textContent).toBe('Jump to latest');
    // Scrolling back down to the end is following again.
    top = 520;
    scrolled();
    expect(shownPill()).toBeNull();
  });

  it('keeps the strip of "Jump to latest" when the reader scrolls back to the end, so nothing moves under them', () => {
    draw();
    const scroller = container.querySelector<HTMLElement>('section.db-transcript')!;
    let contentHeight = 1691;
    // The strip under the messages takes 43 px of the view's height while it is there.
    const viewHeight = () => (container.querySelector('.db-jump-to-latest-row') ? 682 : 725);
    let top = 0;
    Object.defineProperties(scroller, {
      clientHeight: { get: viewHeight },
      scrollHeight: { get: () => contentHeight },
      scrollTop: {
        get: () => top,
        set: (value: number) => {
          top = Math.max(0, Math.min(value, contentHeight - viewHeight()));
        },
      },
    });
    const scrolled = () => act(() => scroller.dispatchEvent(new Event('scroll')));
    draw();
    scrolled();
    expect(top).toBe(966);
    expect(container.querySelector('.db-jump-to-latest-row')).toBeNull();
    // The reader scrolls a little up (the strip comes), then back to the very end of the shorter view.
    top = 900;
    scrolled();
    expect(shownPill()?.textContent).toBe('Jump to latest');
    top = 1009;
    scrolled();
    // Following again: the pill goes but its strip stays, so the view keeps its height and the messages
    // stay where they were (given back, the 43 px would clamp the view and move them down under the pointer).
    expect(shownPill()).toBeNull();
    expect(container.querySelector('.db-jump-to-latest')?.getAttribute('aria-hidden')).toBe('true');
    expect(top).toBe(1009);
    // A view clamped at its end is not the reader leaving either: the pill does not come back for it.
    contentHeight = 1680;
    scroller.scrollTop = top;
    scrolled();
    expect(shownPill()).toBeNull();
    // The strip goes when the view moves by itself, following the reply as it grows.
    contentHeight = 1750;
    draw();
    expect(container.querySelector('.db-jump-to-latest-row')).toBeNull();
    scroller.scrollTop = top; // the browser's clamp to the taller view
    expect(top).toBe(1750 - 725);
  });
});
