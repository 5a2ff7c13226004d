/**
 * The hostile-widget battery: one recorded reply per escape attempt (`e2e/fixtures/hostile/<name>.txt`),
 * what it tries, over which channel, and the outcome the test demands. docs/security.md shows this table.
 */
export type HostileOutcome =
  /** The widget's own verdict says its attempt failed, and the canaries heard nothing. */
  | 'blocked'
  /** The attempt gives the widget no signal to read; the canaries hearing nothing is the proof. */
  | 'silent'
  /** The frame navigated away: it is torn down at once, replaced by a card and flagged. */
  | 'torn-down'
  /** The frame stopped answering heartbeats: replaced by an error card with a reload button. */
  | 'unresponsive'
  /** An honest widget: its form handler, buttons and canvas keep working. */
  | 'works';

export interface HostileWidget {
  name: string;
  attack: string;
  channel: string;
  outcome: HostileOutcome;
}

const entry = (name: string, attack: string, channel: string, outcome: HostileOutcome): HostileWidget => ({
  name,
  attack,
  channel,
  outcome,
});

/** Widgets that share one page; each group runs in its own browser context (its own renderer processes). */
export const hostileGroups: ReadonlyArray<{ title: string; widgets: readonly HostileWidget[] }> = [
  {
    title: 'the host page, its storage and its API',
    widgets: [
      entry('read-cookies', 'read and write `document.cookie`', 'cookies', 'blocked'),
      entry('read-storage', 'read `localStorage`, `sessionStorage`', 'storage', 'blocked'),
      entry('read-indexeddb', 'open IndexedDB, list the Cache API', 'storage', 'blocked'),
      entry('touch-parent', 'read `parent.document`, `top.location`', 'DOM', 'blocked'),
      entry('navigate-top', 'set `top.location.href` to the canary', 'top navigation', 'silent'),
      entry('open-popup', '`window.open` the canary', 'popup', 'blocked'),
      entry('show-dialogs', '`alert`, `confirm`, `prompt`', 'modal dialogs', 'blocked'),
      entry('call-own-api', "`fetch('/api/threads')`, `POST /api/agent`", 'same-server fetch', 'blocked'),
      entry('submit-form-to-api', '`<form action=/api/…>` `.submit()`', 'form to own API', 'silent'),
      entry(
        'javascript-link',
        '`host.openLink("javascript:…")`, a `javascript:` anchor',
        'bridge, anchor',
        'blocked',
      ),
    ],
  },
  {
    title: 'network channels to another origin',
    widgets: [
      entry('fetch-outward', '`fetch` to the canary', 'fetch', 'blocked'),
      entry('xhr-outward', '`XMLHttpRequest` to the canary', 'XHR', 'blocked'),
      entry('send-beacon', '`navigator.sendBeacon`', 'beacon', 'silent'),
      entry('open-websocket', '`new WebSocket`', 'WebSocket', 'blocked'),
      entry('open-eventsource', '`new EventSource`', 'EventSource', 'blocked'),
      entry('load-image', '`<img src>` in markup, `new Image()`', 'image', 'blocked'),
      entry('load-css', '`@import`, `url()` background, `<link rel=stylesheet>`', 'CSS', 'silent'),
      entry('load-font', '`@font-face`, `new FontFace().load()`', 'font', 'blocked'),
      entry('load-media', '`<video src>`, `<audio src>`', 'media', 'blocked'),
      entry('start-worker', '`new Worker` (remote and blob), `SharedWorker`', 'worker', 'blocked'),
    ],
  },
  {
    title: 'scripts, frames, forms, WebRTC, self-navigation and forged messages',
    widgets: [
      entry('load-script', '`import()` and `<script src>` from the canary', 'script', 'blocked'),
      entry('nested-frame', '`<iframe src>` in markup and from script', 'nested frame', 'silent'),
      entry(
        'submit-form-outward',
        '`<form action=canary>` `.submit()`, `.requestSubmit()`',
        'form',
        'torn-down',
      ),
      entry(
        'webrtc-stun',
        '`RTCPeerConnection` to a STUN server (also prefixed, also borrowed)',
        'WebRTC/UDP',
        'blocked',
      ),
      entry(
        'navigate-self-meta-markup',
        '`<meta http-equiv=refresh>` and `<base>` in markup',
        'self-navigation',
        'blocked',
      ),
      entry(
        'navigate-self-anchor',
        'click an outward anchor after stopping click propagation',
        'self-navigation',
        'blocked',
      ),
      entry('benign-controls', 'none: its own form handler, a button, a canvas', 'none', 'works'),
      entry('navigate-self-location', '`location.href = canary?secret`', 'self-navigation', 'torn-down'),
      entry(
        'navigate-self-meta-script',
        '`<meta http-equiv=refresh>` inserted by `innerHTML`',
        'self-navigation',
        'torn-down',
      ),
      entry(
        'spoof-bridge',
        'post forged host `js`/`html`/`bridge-reply` messages into sibling frames',
        'postMessage',
        'blocked',
      ),
    ],
  },
  {
    title: 'the prompt budget',
    widgets: [entry('send-many-prompts', '`host.sendPrompt` seven times', 'bridge', 'blocked')],
  },
  {
    title: 'a hung widget',
    widgets: [entry('spin-forever', '`for(;;){}`', 'CPU', 'unresponsive')],
  },
  {
    title: 'a greedy widget',
    widgets: [entry('exhaust-memory', 'allocate until the renderer dies', 'memory', 'unresponsive')],
  },
];
