import {
  type FrameTheme,
  type FrameToHostMessage,
  frameToHostMessageSchema,
  type HostToFrameMessage,
} from '@drawbridge/protocol';
import { clampWidgetHeight, defaultWidgetHeight } from './widget-height.ts';

/** What the host knows of a widget so far; grows as the stream delivers parts. */
export interface WidgetContent {
  height: number | null;
  css: string;
  html: string;
  js: string;
  complete: boolean;
}

export interface FrameHostCallbacks {
  onError(message: string): void;
  onRendered(): void;
  /** The frame loaded a second document: it navigated away from the bootstrap and has been torn down. */
  onNavigatedAway(): void;
  /** A bridge request from the widget (`host.sendPrompt` / `host.openLink`); answered with the outcome. */
  onBridgeRequest(request: Extract<FrameToHostMessage, { kind: 'prompt' | 'link' }>): {
    ok: boolean;
    message: string;
  };
}

export interface FrameHostOptions extends FrameHostCallbacks {
  container: HTMLElement;
  title: string;
  theme: FrameTheme;
  /** Where the bootstrap document is served; the server gives it its own CSP header. */
  frameUrl?: string;
}

/**
 * Owns one widget iframe: waits for `ready`, then sends `init`, the stylesheet, markup deltas in
 * order, `end` and finally the script once. Accepts messages only from its own frame's window.
 */
export class FrameHost {
  readonly iframe: HTMLIFrameElement;
  private readonly options: FrameHostOptions;
  private content: WidgetContent = { height: null, css: '', html: '', js: '', complete: false };
  private theme: FrameTheme;
  private ready = false;
  private disposed = false;
  /**
   * The frame said it was about to unload and has not answered a heartbeat since. If it then falls silent,
   * it navigated away (a blocked navigation ends on an error page whose load the host may never see).
   */
  leavingAnnounced = false;
  private loadCount = 0;
  private sentCss = '';
  private sentHtmlLength = 0;
  private sentEnd = false;
  private sentScript = false;
  private reportedHeight: number | undefined;
  private visible = true;
  private readonly visibilityObserver: IntersectionObserver | undefined;

  constructor(options: FrameHostOptions) {
    this.options = options;
    this.theme = options.theme;
    const iframe = document.createElement('iframe');
    // Never allow-same-origin (the widget would share our origin), -top-navigation, -popups or -modals.
    iframe.setAttribute('sandbox', 'allow-scripts allow-forms');
    iframe.setAttribute('referrerpolicy', 'no-referrer');
    iframe.setAttribute('title', options.title);
    iframe.className = 'widget-frame';
    iframe.style.height = `${defaultWidgetHeight}px`;
    iframe.addEventListener('load', this.handleLoad);
    window.addEventListener('message', this.handleMessage);
    iframe.src = options.frameUrl ?? '/frame';
    this.iframe = iframe;
    options.container.append(iframe);
    this.visibilityObserver =
      typeof IntersectionObserver === 'undefined'
        ? undefined
        : new IntersectionObserver((entries) => {
            this.visible = entries.some((entry) => entry.isIntersecting);
            this.post({ drawbridge: 1, op: 'visibility', visible: this.visible });
          });
    this.visibilityObserver?.observe(iframe);
  }

  /** Hands the host the widget as it stands now; only what the frame has not seen yet is sent. */
  update(content: WidgetContent): void {
    this.content = content;
    this.refreshHeight();
    this.flush();
  }

  setTheme(theme: FrameTheme): void {
    this.theme = theme;
    this.post({ drawbridge: 1, op: 'theme', theme });
  }

  dispose(): void {
    if (this.disposed) {
      return;
    }
    this.disposed = true;
    window.removeEventListener('message', this.handleMessage);
    this.iframe.removeEventListener('load', this.handleLoad);
    this.visibilityObserver?.disconnect();
    this.iframe.remove();
  }

  /**
   * The model's @@HEIGHT@@ reserves space while the widget streams, so the card does not collapse
   * around half-built markup and then jump; once complete, the frame's own measurement wins.
   */
  private refreshHeight(): void {
    const requested = this.content.height;
    const reported = this.reportedHeight;
    let height = requested ?? defaultWidgetHeight;
    if (reported !== undefined) {
      height = !this.content.complete && requested !== null ? Math.max(requested, reported) : reported;
    }
    // A CSS transition on .widget-frame animates the change.
    this.iframe.style.height = `${clampWidgetHeight(height)}px`;
  }

  private flush(): void {
    if (!this.ready || this.disposed) {
      return;
    }
    const { css, html, js, complete } = this.content;
    if (css !== this.sentCss) {
      this.sentCss = css;
      this.post({ drawbridge: 1, op: 'css', text: css });
    }
    if (html.length > this.sentHtmlLength) {
      this.post({ drawbridge: 1, op: 'html', delta: html.slice(this.sentHtmlLength) });
      this.sentHtmlLength = html.length;
    }
    if (complete && !this.sentEnd) {
      this.sentEnd = true;
      this.post({ drawbridge: 1, op: 'end' });
    }
    // Behaviour runs once, after the markup is complete, so the user watches the last piece take effect.
    if (this.sentEnd && !this.sentScript && js.trim().length > 0) {
      this.sentScript = true;
      this.post({ drawbridge: 1, op: 'js', text: js });
    }
  }

  private post(message: HostToFrameMessage): void {
    if (!this.ready || this.disposed) {
      return;
    }
    // The frame's origin is opaque ("null"), so '*' is the only target origin that reaches it.
    this.iframe.contentWindow?.postMessage(message, '*');
  }

  private readonly handleLoad = (): void => {
    this.loadCount += 1;
    if (this.loadCount > 1) this.leftBootstrap();
  };

  /** The frame left its bootstrap document, announced (`leaving`) or seen (a second `load`): tear it down once. */
  private leftBootstrap(): void {
    if (this.disposed) return;
    this.dispose();
    this.options.onNavigatedAway();
  }

  private readonly handleMessage = (event: MessageEvent): void => {
    if (this.disposed || event.source !== this.iframe.contentWindow || event.source === null) {
      return;
    }
    const parsed = frameToHostMessageSchema.safeParse(event.data);
    if (!parsed.success) {
      // Anything from the widget may be forged or malformed; ignoring it is the safe answer.
      return;
    }
    this.receive(parsed.data);
  };

  private receive(message: FrameToHostMessage): void {
    switch (message.kind) {
      case 'ready':
        this.ready = true;
        this.post({
          drawbridge: 1,
          op: 'init',
          theme: this.theme,
          height: clampWidgetHeight(this.content.height ?? defaultWidgetHeight),
        });
        if (!this.visible) {
          this.post({ drawbridge: 1, op: 'visibility', visible: false });
        }
        this.flush();
        return;
      case 'height':
        this.reportedHeight = message.px;
        this.refreshHeight();
        return;
      case 'error':
        this.options.onError(
          message.source === 'csp' && message.blockedUri
            ? `${message.message} (blocked ${message.blockedUri})`
            : message.message,
        );
        return;
      case 'rendered':
        this.options.onRendered();
        return;
      case 'leaving':
        // Not yet proof: a form submit that CSP then blocks announces it too, and the frame lives on.
        this.leavingAnnounced = true;
        return;
      case 'pong':
        this.leavingAnnounced = false;
        return;
      case 'prompt':
      case 'link': {
        const outcome = this.options.onBridgeRequest(message);
        this.post({ drawbridge: 1, op: 'bridge-reply', id: message.id, ...outcome });
        return;
      }
    }
  }
}
