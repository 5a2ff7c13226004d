/**
 * Closes what the sandbox and CSP leave open, before any widget code runs (docs/security.md, "The promise";
 * docs/frame.md, "The runtime").
 */

const peerConnectionGlobals = ['RTCPeerConnection', 'webkitRTCPeerConnection', 'RTCDataChannel'];

/** WebRTC sends packets past `connect-src 'none'`; remove its constructors for good. */
export function removePeerConnections(target: Window): void {
  for (const name of peerConnectionGlobals) {
    // The constructors live on the window itself (configurable); shadowing them with a frozen
    // undefined value makes `window.RTCPeerConnection = …` and redefining fail too.
    Reflect.deleteProperty(target, name);
    Object.defineProperty(target, name, {
      value: undefined,
      writable: false,
      configurable: false,
      enumerable: false,
    });
  }
}

/**
 * Anchor clicks would navigate the frame away; send them to the host as `openLink` requests.
 * The listener sits on the window in the capture phase, registered before widget code runs: it is
 * the first to see every click, so a widget listener that stops propagation comes too late to
 * keep the default navigation alive.
 */
export function routeAnchorClicks({
  document,
  openLink,
}: {
  document: Document;
  openLink: (url: string) => Promise<void>;
}): void {
  (document.defaultView ?? document).addEventListener(
    'click',
    (event) => {
      const target = event.target;
      if (!(target instanceof Element)) return;
      const anchor = target.closest('a[href]');
      if (anchor === null) return;
      event.preventDefault();
      const href = anchor.getAttribute('href') ?? '';
      // An in-page fragment link scrolls, it does not leave the widget.
      if (href.startsWith('#')) {
        document.getElementById(decodeURIComponent(href.slice(1)))?.scrollIntoView();
        return;
      }
      const url = (anchor as HTMLAnchorElement).href;
      // A refused link is the host's decision; the widget has nothing to do about it.
      openLink(url).catch(() => undefined);
    },
    true,
  );
}
