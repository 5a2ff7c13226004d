import { type WidgetPart, WidgetPartLog } from '@drawbridge/protocol';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';

// No DOM here (the node environment): what a Next.js server sees when a page imports the package.
describe('@drawbridge/react under server rendering', () => {
  it('imports with no window or document, and renders a widget card to HTML without a frame', async () => {
    expect(typeof window).toBe('undefined');
    expect(typeof document).toBe('undefined');
    const { createTranscriptWidget, WidgetCard, WidgetEnvironmentContext, defaultWidgetEnvironment } =
      await import('./index.ts');
    const parts: WidgetPart[] = [{ part: 'html', delta: '<h2>Dice roller</h2>' }];
    const widget = { ...createTranscriptWidget('w1'), parts: WidgetPartLog.of(parts), complete: true };
    const html = renderToString(
      <WidgetEnvironmentContext.Provider
        value={{ ...defaultWidgetEnvironment, baseUrl: '/ai', threadId: 't1' }}
      >
        <WidgetCard widget={widget} streaming={false} />
      </WidgetEnvironmentContext.Provider>,
    );
    expect(html).toContain('class="db-widget-card"');
    expect(html).toContain('href="/ai/api/threads/t1/widgets/w1.html"');
    // The frame is created by an effect, in the browser only.
    expect(html).not.toContain('<iframe');
  });

  it('renders the whole chat to HTML: an empty transcript and the message box, nothing fetched', async () => {
    const { DrawbridgeChat } = await import('./index.ts');
    const html = renderToString(<DrawbridgeChat baseUrl="/ai" placeholder="Ask the assistant" />);
    expect(html).toContain('class="db-chat"');
    expect(html).toContain('class="db-transcript"');
    expect(html).toContain('placeholder="Ask the assistant"');
  });
});
