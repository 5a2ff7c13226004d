// @vitest-environment happy-dom
// @vitest-environment-options {"settings":{"enableIframePageLoading":true}}
// (about:blank loads, so the iframe is attached as in a browser; its window is then replaced by a stand-in.)
import type { HostToFrameMessage, WidgetPart, WidgetRefusalCode } from '@drawbridge/protocol';
import { WidgetPartLog } from '@drawbridge/protocol';
import { afterEach, describe, expect, it } from 'vitest';
import { FrameHost } from './frame-host.ts';

const hosts: FrameHost[] = [];

afterEach(() => {
  for (const host of hosts.splice(0)) host.dispose();
});

/** A host whose frame is a stand-in window; what the host posts into it is recorded. */
function hostWithRecordedPosts({
  initialHeight,
  onRendered = () => {},
  onRefused = () => {},
}: {
  initialHeight?: number;
  onRendered?: () => void;
  onRefused?: (code: WidgetRefusalCode) => void;
} = {}): {
  host: FrameHost;
  posted: HostToFrameMessage[];
  sayFromFrame(data: unknown): void;
} {
  const container = document.createElement('div');
  document.body.append(container);
  const host = new FrameHost({
    container,
    title: 'Generated widget',
    theme: 'light',
    frameUrl: 'about:blank',
    initialHeight,
    onError: () => {},
    onRendered,
    onRefused,
    onNavigatedAway: () => {},
    onBridgeRequest: () => ({ ok: true, message: '' }),
  });
  hosts.push(host);
  // Stands in for the frame's window: the host posts into it and accepts only messages whose source it is.
  const posted: HostToFrameMessage[] = [];
  const frameWindow = { postMessage: (message: HostToFrameMessage) => posted.push(message) };
  Object.defineProperty(host.iframe, 'contentWindow', { value: frameWindow });
  const sayFromFrame = (data: unknown) => {
    const event = new MessageEvent('message', { data });
    Object.defineProperty(event, 'source', { value: frameWindow });
    window.dispatchEvent(event);
  };
  return { host, posted, sayFromFrame };
}

const streamed: WidgetPart[] = [
  { part: 'height', delta: '300' },
  { part: 'css', delta: 'p{' },
  { part: 'css', delta: 'color:red}' },
  { part: 'html', delta: '<p>' },
  { part: 'html', delta: 'hi' },
];

describe('FrameHost', () => {
  it('holds parts until the frame is ready, then forwards them in order, a run of one channel as one delta', () => {
    const { host, posted, sayFromFrame } = hostWithRecordedPosts();
    expect(host.update({ parts: WidgetPartLog.of(streamed), height: 300, complete: false })).toBe(
      'forwarded',
    );
    expect(posted).toEqual([]);
    sayFromFrame({ drawbridge: 1, kind: 'ready' });
    expect(posted).toEqual([
      { drawbridge: 1, op: 'init', theme: 'light', height: 300 },
      { drawbridge: 1, op: 'css', delta: 'p{color:red}' },
      { drawbridge: 1, op: 'html', delta: '<p>hi' },
    ]);
  });

  it('sends only the parts that follow what the frame has, each delta as it is', () => {
    const { host, posted, sayFromFrame } = hostWithRecordedPosts();
    sayFromFrame({ drawbridge: 1, kind: 'ready' });
    let parts = WidgetPartLog.of(streamed);
    host.update({ parts, height: 300, complete: false });
    posted.length = 0;
    parts = parts.append({ part: 'html', delta: '</p>' }).append({ part: 'js', delta: 'go()' });
    host.update({ parts, height: 300, complete: false });
    host.update({ parts, height: 300, complete: false });
    parts = parts.append({ part: 'end', delta: '' });
    host.update({ parts, height: 300, complete: true });
    expect(posted).toEqual([
      { drawbridge: 1, op: 'html', delta: '</p>' },
      { drawbridge: 1, op: 'js', delta: 'go()' },
      { drawbridge: 1, op: 'end' },
    ]);
  });

  it('says when the parts do not continue what the frame has, and sends none of them', () => {
    const { host, posted, sayFromFrame } = hostWithRecordedPosts();
    sayFromFrame({ drawbridge: 1, kind: 'ready' });
    host.update({ parts: WidgetPartLog.of(streamed.slice(0, 2)), height: 300, complete: false });
    posted.length = 0;
    const replaced = WidgetPartLog.of([...streamed, { part: 'end', delta: '' }]);
    expect(host.update({ parts: replaced, height: 300, complete: true })).toBe('diverged');
    expect(posted).toEqual([]);
  });

  it('sizes the frame by the model height while streaming and by the clamped frame report once complete', () => {
    const { host, sayFromFrame } = hostWithRecordedPosts();
    sayFromFrame({ drawbridge: 1, kind: 'ready' });
    host.update({ parts: WidgetPartLog.of(streamed), height: 300, complete: false });
    sayFromFrame({ drawbridge: 1, kind: 'height', px: 120 });
    expect(host.iframe.style.height).toBe('300px');
    host.update({ parts: WidgetPartLog.of(streamed), height: 300, complete: true });
    expect(host.iframe.style.height).toBe('120px');
    sayFromFrame({ drawbridge: 1, kind: 'height', px: 90_000 });
    expect(host.iframe.style.height).toBe('4000px');
  });

  it('sizes a widget its reply stopped before it finished to what it drew, not to the height it reserved', () => {
    const { host, sayFromFrame } = hostWithRecordedPosts();
    sayFromFrame({ drawbridge: 1, kind: 'ready' });
    host.update({ parts: WidgetPartLog.of(streamed), height: 300, complete: false });
    sayFromFrame({ drawbridge: 1, kind: 'height', px: 120 });
    expect(host.iframe.style.height).toBe('300px');
    host.update({ parts: WidgetPartLog.of(streamed), height: 300, complete: false }, { streaming: false });
    expect(host.iframe.style.height).toBe('120px');
  });

  it('tells the frame when its widget goes fullscreen and back, and a frame that loads later, once ready', () => {
    const { host, posted, sayFromFrame } = hostWithRecordedPosts();
    host.setFullscreen(true);
    expect(posted).toEqual([]);
    sayFromFrame({ drawbridge: 1, kind: 'ready' });
    expect(posted).toContainEqual({ drawbridge: 1, op: 'fullscreen', active: true });
    posted.length = 0;
    host.setFullscreen(true);
    host.setFullscreen(false);
    expect(posted).toEqual([{ drawbridge: 1, op: 'fullscreen', active: false }]);
  });

  it('opens a frame at the height an earlier frame of the widget reported, not the model height, until it reports', () => {
    const { host, sayFromFrame } = hostWithRecordedPosts({ initialHeight: 498 });
    expect(host.iframe.style.height).toBe('498px');
    expect(host.contentHeight).toBe(498);
    host.update({ parts: WidgetPartLog.of(streamed), height: 300, complete: true });
    sayFromFrame({ drawbridge: 1, kind: 'ready' });
    expect(host.iframe.style.height).toBe('498px');
    sayFromFrame({ drawbridge: 1, kind: 'height', px: 510 });
    expect(host.iframe.style.height).toBe('510px');
    expect(host.contentHeight).toBe(510);
  });

  describe('continuing with a new revision in the same frame', () => {
    const revisionOne = WidgetPartLog.of([
      { part: 'css', delta: 'p{color:red}' },
      { part: 'html', delta: '<p id="n">0</p>' },
      { part: 'js', delta: 'count()' },
      { part: 'end', delta: '' },
    ]);
    /** Revision 2 as the transcript seeds a live edit: revision 1's own log, then the edit's hunks. */
    const revisionTwo = (js: string): WidgetPartLog => {
      const styled = revisionOne.append({ part: 'css', search: 'red', delta: 'white' });
      const scripted =
        js === 'count()' ? styled : styled.append({ part: 'js', search: 'count()', delta: js });
      return scripted.append({ part: 'end', delta: '' });
    };

    function renderedRevisionOne() {
      let rendered = 0;
      const recorded = hostWithRecordedPosts({ onRendered: () => (rendered += 1) });
      recorded.sayFromFrame({ drawbridge: 1, kind: 'ready' });
      recorded.host.update({ parts: revisionOne, height: 300, complete: true });
      recorded.sayFromFrame({ drawbridge: 1, kind: 'rendered' });
      recorded.posted.length = 0;
      return { ...recorded, rendered: () => rendered };
    }

    it('sends only the edit to the running document, and counts it rendered when the script stays', () => {
      const { host, posted, rendered } = renderedRevisionOne();
      host.continueWithRevision();
      expect(host.update({ parts: revisionTwo('count()'), height: 300, complete: true })).toBe('forwarded');
      expect(posted).toEqual([
        { drawbridge: 1, op: 'css', search: 'red', delta: 'white' },
        { drawbridge: 1, op: 'end' },
      ]);
      expect(rendered()).toBe(2);
    });

    it('answers diverged at the end of an edit that changed the script, which a running document cannot swap', () => {
      const { host, posted, rendered } = renderedRevisionOne();
      host.continueWithRevision();
      expect(host.update({ parts: revisionTwo('count(); reset()'), height: 300, complete: true })).toBe(
        'diverged',
      );
      expect(posted.map((message) => message.op)).not.toContain('end');
      expect(rendered()).toBe(1);
    });

    it('answers diverged for a revision made from the one it shows, unless handed on to it', () => {
      // The revision switcher shows revision 2 in the card that showed revision 1: a fresh frame runs it.
      const { host, posted } = renderedRevisionOne();
      expect(host.update({ parts: revisionTwo('count()'), height: 300, complete: true })).toBe('diverged');
      expect(posted).toEqual([]);
    });

    it('answers diverged for a revision that does not continue what the frame shows', () => {
      const { host, posted } = renderedRevisionOne();
      host.continueWithRevision();
      const whole = WidgetPartLog.of([{ part: 'html', delta: '<p>other</p>' }]);
      expect(host.update({ parts: whole, height: 300, complete: false })).toBe('diverged');
      expect(posted).toEqual([]);
    });

    it('gives a new frame the revision whole, never the base script run before the edit', () => {
      const { host, posted, sayFromFrame } = hostWithRecordedPosts();
      host.update({ parts: revisionTwo('count(); reset()'), height: 300, complete: true });
      sayFromFrame({ drawbridge: 1, kind: 'ready' });
      expect(posted.slice(1)).toEqual([
        { drawbridge: 1, op: 'css', delta: 'p{color:white}' },
        { drawbridge: 1, op: 'html', delta: '<p id="n">0</p>' },
        { drawbridge: 1, op: 'js', delta: 'count(); reset()' },
        { drawbridge: 1, op: 'end' },
      ]);
    });

    it('forwards hunks in a row one by one, never joined with the parts around them', () => {
      const { host, posted, sayFromFrame } = hostWithRecordedPosts();
      sayFromFrame({ drawbridge: 1, kind: 'ready' });
      const base = WidgetPartLog.of([{ part: 'html', delta: '<p>a</p><p>b</p>' }]);
      host.update({ parts: base, height: 300, complete: false });
      posted.length = 0;
      const edited = base
        .append({ part: 'html', search: 'a', delta: 'A' })
        .append({ part: 'html', search: 'b', delta: 'B' })
        .append({ part: 'html', delta: '<p>c</p>' });
      host.update({ parts: edited, height: 300, complete: false });
      expect(posted).toEqual([
        { drawbridge: 1, op: 'html', search: 'a', delta: 'A' },
        { drawbridge: 1, op: 'html', search: 'b', delta: 'B' },
        { drawbridge: 1, op: 'html', delta: '<p>c</p>' },
      ]);
    });
  });

  it('passes on a refusal the frame reports, and ignores one with an unknown code', () => {
    const refusals: WidgetRefusalCode[] = [];
    const { sayFromFrame } = hostWithRecordedPosts({ onRefused: (code) => refusals.push(code) });
    sayFromFrame({ drawbridge: 1, kind: 'ready' });
    sayFromFrame({ drawbridge: 1, kind: 'refused', code: 'too_pretty' });
    sayFromFrame({ drawbridge: 1, kind: 'refused', code: 'markup_too_deep' });
    expect(refusals).toEqual(['markup_too_deep']);
  });
});
