import type { FrameToHostMessage, HostToFrameMessage } from '@drawbridge/protocol';
import { isHostToFrameMessage } from '@drawbridge/protocol/frame-message-table';
import { applyWidgetHunk } from '@drawbridge/protocol/widget-hunk';
import type { WidgetRefusalCode } from '@drawbridge/protocol/widget-limits';
import { WidgetSizeBudget } from '../widget-size-budget.ts';
import { reportErrors } from './error-reporter.ts';
import { removePeerConnections, routeAnchorClicks } from './frame-hardening.ts';
import { HeightReporter } from './height-reporter.ts';
import { HostBridgeClient } from './host-bridge-client.ts';
import { MarkupBuilder } from './markup-builder.ts';
import { MarkupScheduler } from './markup-scheduler.ts';
import { PrivateHostChannel } from './private-host-channel.ts';
import { Stage } from './stage.ts';
import { UserGestureGate } from './user-gesture-gate.ts';
import { reportWebglContexts } from './webgl-context-reporter.ts';
import { runWidgetScript } from './widget-script.ts';
import { WidgetStylesheet } from './widget-stylesheet.ts';

/**
 * The frame runtime's entry: hardens the realm, installs `window.host` and `window.stage`, then
 * either follows the host's messages (inside Drawbridge) or builds an exported widget that
 * carries its own markup (a standalone file, which has no host).
 */

const root = document.getElementById('widget-root')!;
const widgetStyle = document.getElementById('widget-css') as HTMLStyleElement;
// An exported widget carries its markup in the document (and runs inside its own file's sandboxed frame,
// so it has a parent too); a live frame gets everything from the host.
const embeddedMarkup = document.getElementById('widget-markup');
const isStandalone = embeddedMarkup !== null;
// The host is the page of the server that served this document. The document's own origin is opaque,
// but its URL still names that server, and only a page of that origin may speak for the host.
const hostOrigin = window.location.origin;
const post = isStandalone
  ? undefined
  : (message: FrameToHostMessage) => window.parent.postMessage(message, hostOrigin);

removePeerConnections(window);
// Before `routeAnchorClicks`, so an anchor's click is counted before it asks to open its link.
const gestures = new UserGestureGate({ window });
const privateChannel = new PrivateHostChannel();
const bridge = new HostBridgeClient({
  post,
  postLink: post === undefined ? undefined : (message) => privateChannel.post(message),
  mayOpenLink: () => gestures.take(),
});
const stage = new Stage({ window, root });
const defineGlobal = (name: string, value: object) =>
  Object.defineProperty(window, name, { value: Object.freeze(value), writable: false, configurable: false });
defineGlobal('host', bridge.host);
defineGlobal('stage', { mount: stage.mount.bind(stage) });
routeAnchorClicks({ document, openLink: bridge.host.openLink });

if (post === undefined) buildEmbeddedMarkup(embeddedMarkup);
else followHost(post);

/** A standalone export carries its markup as JSON, built with the same rules as a live frame. */
function buildEmbeddedMarkup(embedded: HTMLElement | null): void {
  if (embedded === null) return;
  const builder = new MarkupBuilder({ root });
  builder.append(String(JSON.parse(embedded.textContent ?? '""')));
  builder.finish();
}

function followHost(send: (message: FrameToHostMessage) => void): void {
  let scriptStarted = false;
  // Script deltas wait here: behaviour runs once, at `end`, after the markup it wires up is complete.
  let scriptText = '';
  const stylesheet = new WidgetStylesheet({ element: widgetStyle });
  reportErrors({ window, post: send, errorSource: () => (scriptStarted ? 'script' : 'runtime') });
  const webgl = reportWebglContexts({
    window,
    report: (contexts) => send({ drawbridge: 1, kind: 'webgl', contexts }),
  });
  const heights = new HeightReporter({
    root,
    window,
    report: (px) => send({ drawbridge: 1, kind: 'height', px }),
  });
  // A widget past `widgetLimits` is stopped here too, whatever way it came: nothing more of it is built or run.
  let refused: WidgetRefusalCode | undefined;
  const refuse = (code: WidgetRefusalCode): void => {
    if (refused !== undefined) return;
    refused = code;
    send({ drawbridge: 1, kind: 'refused', code });
  };
  const size = new WidgetSizeBudget();
  const markup = new MarkupScheduler({
    root,
    window,
    onApplied: () => heights.noteContentChanged(),
    onTooDeep: () => refuse('markup_too_deep'),
  });
  stage.onLayoutChanged = () => heights.noteContentChanged();

  const runScript = (): void => {
    if (scriptStarted) return;
    if (scriptText.trim() === '') {
      // No script, no WebGL: the host's budget can stop counting this frame now.
      webgl.reportSettled();
      return;
    }
    scriptStarted = true;
    runWidgetScript({
      document,
      text: scriptText,
      onCompleted: () => {
        heights.noteContentChanged();
        webgl.reportSettled();
        send({ drawbridge: 1, kind: 'rendered' });
      },
      onImportFailed: () => {
        webgl.reportSettled();
        send({
          drawbridge: 1,
          kind: 'error',
          source: 'script',
          message: 'A module the widget imports failed to load.',
        });
      },
    });
  };

  /** Whether a part of the widget may be taken: none after a refusal, none that would pass the size limit. */
  const admits = (message: HostToFrameMessage): boolean => {
    if (message.op !== 'css' && message.op !== 'html' && message.op !== 'js' && message.op !== 'end')
      return true;
    if (refused !== undefined) return false;
    if (message.op === 'end') return true;
    const admitted = size.admit({
      channel: message.op,
      delta: message.delta,
      replace: message.replace === true,
      ...(message.search === undefined ? {} : { search: message.search }),
    });
    if (!admitted) refuse('widget_too_large');
    return admitted;
  };

  const handle = (message: HostToFrameMessage): void => {
    if (!admits(message)) return;
    switch (message.op) {
      case 'init':
      case 'theme':
        document.documentElement.dataset.theme = message.theme;
        return;
      // A part that another part follows is complete: an edited stylesheet or markup takes effect then, the
      // styles first, so edited markup never shows without its styles.
      // A hunk (`search`) changes its part where the search text stands.
      case 'css':
        markup.settle();
        if (message.search !== undefined) stylesheet.patch(message.search, message.delta);
        else if (message.replace === true) stylesheet.replace(message.delta);
        else stylesheet.append(message.delta);
        heights.noteContentChanged();
        return;
      case 'html':
        stylesheet.settle();
        if (message.search !== undefined) markup.patch(message.search, message.delta);
        else if (message.replace === true) markup.replace(message.delta);
        else markup.append(message.delta);
        return;
      case 'js':
        stylesheet.settle();
        markup.settle();
        if (scriptStarted) return;
        if (message.search !== undefined)
          scriptText = applyWidgetHunk(scriptText, message.search, message.delta) ?? scriptText;
        else scriptText = message.replace === true ? message.delta : scriptText + message.delta;
        return;
      case 'end':
        stylesheet.settle();
        markup.finish();
        // Markup that nested too deep is refused at the latest by the flush in `finish`: its script never runs.
        if (refused === undefined) runScript();
        return;
      case 'visibility':
        stage.setVisible(message.visible);
        return;
      case 'fullscreen':
        stage.setFill(message.active);
        return;
      case 'ping':
        send({ drawbridge: 1, kind: 'pong', seq: message.seq });
        return;
      case 'bridge-reply':
        bridge.settle(message);
        return;
      case 'state':
        bridge.adoptState(message.json);
        return;
    }
  };

  window.addEventListener('message', (event) => {
    // Only the embedding page of our own origin speaks for the host; widget code posting to itself, and
    // a page elsewhere that managed to embed this document, are ignored.
    if (event.source !== window.parent || event.origin !== hostOrigin || !isHostToFrameMessage(event.data)) {
      return;
    }
    // The first `init` arrives before any widget code runs, so only this listener sees the port it carries.
    if (event.data.op === 'init') privateChannel.adopt(event.ports[0]);
    handle(event.data);
  });
  // A frame that navigates itself away asks this document to unload first. Saying so then, while the
  // document can still speak (messages sent later, from `pagehide`, arrive without a source), lets the host
  // tear it down at once: a blocked navigation ends on an error page whose load the host may never see.
  window.addEventListener('beforeunload', () => send({ drawbridge: 1, kind: 'leaving' }));
  send({ drawbridge: 1, kind: 'ready' });
}
