import {
  clampWidgetHeight,
  defaultWidgetHeight,
  type FrameTheme,
  type FrameToHostMessage,
  frameToHostMessageSchema,
  type HostToFrameMessage,
  type WidgetPart,
  WidgetPartLog,
} from '@drawbridge/protocol';
import type { TranscriptWidget } from '../transcript/transcript-state.ts';

/** What the host needs of a widget: its parts so far, and the height the model asked for while it streams. */
export type FrameHostWidget = Pick<TranscriptWidget, 'parts' | 'height' | 'complete'>;

/** `forwarded`, or `diverged` when the parts do not continue what the frame has (recreate the frame to replay). */
export type FrameHostUpdate = 'forwarded' | 'diverged';

export interface FrameHostCallbacks {
  /** An error the frame reported; `line` is the line of the widget's script, when known. */
  onError(message: string, line?: number): void;
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
  /**
   * The content height an earlier frame of this widget reported (a restore or reload): the new frame
   * opens at it, so bringing a widget back does not move the transcript while the frame rebuilds.
   */
  initialHeight?: number;
}

/**
 * Owns one widget iframe: waits for `ready`, then sends `init` and forwards the widget's parts in the order
 * they arrived, each delta as it is (CSS, markup and script deltas; `end` last). Accepts messages only from
 * its own frame's window.
 */
export class FrameHost {
  readonly iframe: HTMLIFrameElement;
  private readonly options: FrameHostOptions;
  private widget: FrameHostWidget = { parts: WidgetPartLog.empty, height: null, complete: false };
  private streaming = true;
  private theme: FrameTheme;
  private ready = false;
  private disposed = false;
  /**
   * The frame said it was about to unload and has not answered a heartbeat since. If it then falls silent,
   * it navigated away (a blocked navigation ends on an error page whose load the host may never see).
   */
  leavingAnnounced = false;
  private loadCount = 0;
  /** The parts the frame has been sent: a state of the widget's log, so only what follows it goes next. */
  private sentParts = WidgetPartLog.empty;
  private reportedHeight: number | undefined;
  private visible = true;
  private fullscreen = false;
  private readonly visibilityObserver: IntersectionObserver | undefined;

  constructor(options: FrameHostOptions) {
    this.options = options;
    this.theme = options.theme;
    this.reportedHeight = options.initialHeight;
    const iframe = document.createElement('iframe');
    // Never allow-same-origin (the widget would share our origin), -top-navigation, -popups or -modals.
    iframe.setAttribute('sandbox', 'allow-scripts allow-forms');
    iframe.setAttribute('referrerpolicy', 'no-referrer');
    iframe.setAttribute('title', options.title);
    iframe.className = 'widget-frame';
    iframe.style.height = `${clampWidgetHeight(options.initialHeight ?? defaultWidgetHeight)}px`;
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

  /**
   * Hands the host the widget as it stands now; only the parts the frame has not seen yet are sent. `streaming`
   * says whether its reply is still writing it: an unfinished widget whose reply is over (stopped) is sized to
   * what it drew, not to the height it reserved.
   */
  update(widget: FrameHostWidget, { streaming = true }: { streaming?: boolean } = {}): FrameHostUpdate {
    this.widget = widget;
    this.streaming = streaming;
    this.refreshHeight();
    return this.flush();
  }

  /** The content height the frame (or the earlier frame it replaced) last reported; undefined before any. */
  get contentHeight(): number | undefined {
    return this.reportedHeight;
  }

  setTheme(theme: FrameTheme): void {
    this.theme = theme;
    this.post({ drawbridge: 1, op: 'theme', theme });
  }

  /** Tells the frame whether its widget is on the whole screen, where its 3D stages grow to fill the frame. */
  setFullscreen(active: boolean): void {
    if (active === this.fullscreen) return;
    this.fullscreen = active;
    this.post({ drawbridge: 1, op: 'fullscreen', active });
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
   * around half-built markup and then jump; once complete, or once its reply stopped without finishing it,
   * the frame's own measurement wins.
   */
  private refreshHeight(): void {
    const requested = this.widget.height;
    const reported = this.reportedHeight;
    let height = requested ?? defaultWidgetHeight;
    if (reported !== undefined) {
      const reserving = !this.widget.complete && this.streaming && requested !== null;
      height = reserving ? Math.max(requested, reported) : reported;
    }
    // A CSS transition on .widget-frame animates the change.
    this.iframe.style.height = `${clampWidgetHeight(height)}px`;
  }

  private flush(): FrameHostUpdate {
    if (!this.ready || this.disposed) {
      return 'forwarded';
    }
    const unsent = this.widget.parts.partsAfter(this.sentParts);
    if (unsent === undefined) {
      return 'diverged';
    }
    this.sentParts = this.widget.parts;
    // React may hand over several new parts at once (and a new frame gets them all): each run of one channel
    // goes as one delta, its pieces joined once; a part that replaces its channel drops the run before it.
    let runStart = 0;
    for (let index = 1; index <= unsent.length; index += 1) {
      if (index < unsent.length && unsent[index]!.part === unsent[runStart]!.part) {
        if (unsent[index]!.replace === true) runStart = index;
        continue;
      }
      const run = unsent.slice(runStart, index);
      const first = run[0]!;
      this.forward({
        part: first.part,
        delta: run.map((part) => part.delta).join(''),
        ...(first.replace === true ? { replace: true } : {}),
      });
      runStart = index;
    }
    return 'forwarded';
  }

  private forward({ part, delta, replace }: WidgetPart): void {
    switch (part) {
      case 'height':
        // The host sizes the iframe from the model's height (refreshHeight); the frame measures itself.
        return;
      case 'css':
      case 'html':
      case 'js':
        this.post({ drawbridge: 1, op: part, delta, ...(replace === true ? { replace } : {}) });
        return;
      case 'end':
        this.post({ drawbridge: 1, op: 'end' });
        return;
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
          height: clampWidgetHeight(this.widget.height ?? defaultWidgetHeight),
        });
        if (!this.visible) {
          this.post({ drawbridge: 1, op: 'visibility', visible: false });
        }
        if (this.fullscreen) {
          this.post({ drawbridge: 1, op: 'fullscreen', active: true });
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
          message.line,
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
      case 'webgl':
        // The frame guard counts it against the page's WebGL budget.
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
