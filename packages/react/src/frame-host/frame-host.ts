import {
  clampWidgetHeight,
  defaultWidgetHeight,
  type FrameTheme,
  type FrameToHostMessage,
  frameToHostMessageSchema,
  type HostToFrameMessage,
  type WidgetPart,
  WidgetPartLog,
  type WidgetRefusalCode,
  widgetStateProblem,
} from '@drawbridge/protocol';
import { apiUrl } from '../api/api-url.ts';
import type { TranscriptWidget } from '../transcript/transcript-state.ts';

/** What the host needs of a widget: its parts so far, and the height the model asked for while it streams. */
export type FrameHostWidget = Pick<TranscriptWidget, 'parts' | 'height' | 'complete'>;

/** What the host answers a bridge request with. */
export interface BridgeReply {
  ok: boolean;
  message: string;
}

/** `forwarded`, or `diverged` when the parts do not continue what the frame has (recreate the frame to replay). */
export type FrameHostUpdate = 'forwarded' | 'diverged';

export interface FrameHostCallbacks {
  /** An error the frame reported; `line` is the line of the widget's script, when known. */
  onError(message: string, line?: number): void;
  onRendered(): void;
  /** The frame stopped the widget past one of `widgetLimits`: it builds and runs nothing more of it. */
  onRefused(code: WidgetRefusalCode): void;
  /** The frame loaded a second document: it navigated away from the bootstrap and has been torn down. */
  onNavigatedAway(): void;
  /**
   * A bridge request from the widget (`host.sendPrompt` / `host.openLink`); answered with the outcome, which may
   * wait for the user (a link to a host not on the trusted list asks first). A `link` comes only from the
   * frame runtime's private port.
   */
  onBridgeRequest(
    request: Extract<FrameToHostMessage, { kind: 'prompt' | 'link' }>,
  ): BridgeReply | Promise<BridgeReply>;
  /**
   * The widget set its state (`host.setState`): JSON text of a JSON object within `widgetStateLimits`, already
   * checked here; answered once it is kept. Without it a widget's state is refused.
   */
  onStateRequest?(json: string): BridgeReply | Promise<BridgeReply>;
}

export interface FrameHostOptions extends FrameHostCallbacks {
  container: HTMLElement;
  title: string;
  theme: FrameTheme;
  /**
   * Where the Drawbridge server is mounted (`/ai`): the bootstrap document is `<baseUrl>/frame`, served with its
   * own CSP header. Its `frame-ancestors 'self'` lets only a page of the server's own origin frame it.
   */
  baseUrl?: string;
  /** The bootstrap document's URL when it is not `<baseUrl>/frame`. */
  frameUrl?: string;
  /**
   * The content height an earlier frame of this widget reported (a restore or reload): the new frame
   * opens at it, so bringing a widget back does not move the transcript while the frame rebuilds.
   */
  initialHeight?: number;
  /** What the widget kept (`host.setState`) as JSON text, read when the frame is ready: `host.getState()` returns it. */
  readState?(): string | undefined;
}

/**
 * Owns one widget iframe: waits for `ready`, then sends `init` and forwards the widget's parts in the order
 * they arrived, each delta as it is (CSS, markup and script deltas; `end` last). Accepts messages only from
 * its own frame's window.
 */
export class FrameHost {
  readonly iframe: HTMLIFrameElement;
  private callbacks: FrameHostCallbacks;
  private readonly readState: (() => string | undefined) | undefined;
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
  /** The script text the frame was told to run (at its `end`), and whether it then said `rendered`. */
  private ranScript: string | undefined;
  private scriptRendered = false;
  /** Set by `continueWithRevision` until the revision's `end`: the frame shows the revision's base. */
  private continuing = false;
  /** The frame was sent `end`: it ran (or had no) script. */
  private ended = false;
  /** The host's end of the private channel handed to the frame with its first `init`. */
  private privatePort: MessagePort | undefined;
  /** How many WebGL contexts the frame last said it holds; undefined before it said. */
  webglContexts: number | undefined;

  constructor(options: FrameHostOptions) {
    this.callbacks = options;
    this.readState = options.readState;
    this.theme = options.theme;
    this.reportedHeight = options.initialHeight;
    const iframe = document.createElement('iframe');
    // Never allow-same-origin (the widget would share our origin), -top-navigation, -popups or -modals.
    iframe.setAttribute('sandbox', 'allow-scripts allow-forms');
    iframe.setAttribute('referrerpolicy', 'no-referrer');
    iframe.setAttribute('title', options.title);
    iframe.className = 'db-widget-frame';
    iframe.style.height = `${clampWidgetHeight(options.initialHeight ?? defaultWidgetHeight)}px`;
    iframe.addEventListener('load', this.handleLoad);
    window.addEventListener('message', this.handleMessage);
    iframe.src = options.frameUrl ?? apiUrl(options.baseUrl, '/frame');
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

  /** Points the frame's reports at another card (a live frame handed on to the card of the widget's next revision). */
  rebind(callbacks: FrameHostCallbacks): void {
    this.callbacks = callbacks;
  }

  /**
   * The next `update` hands this live frame a new revision of its widget. A live edit's revision continues the
   * part log of its base (the transcript seeds it), so the frame is sent only the edit — each hunk and each part
   * the edit writes — applied to the document it has (the widget's script keeps running, the markup is patched,
   * not rebuilt), and what the user did in the widget survives. At the revision's `end` the script is compared
   * with the one the frame ran: the same script keeps running (and the revision counts as rendered if the
   * script did), a changed one cannot be swapped into a running document, so `update` answers `diverged` and
   * the card starts a fresh frame that runs it. So does a revision that does not continue what the frame has.
   */
  continueWithRevision(): void {
    this.continuing = true;
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
    this.privatePort?.close();
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
    // A CSS transition on .db-widget-frame animates the change.
    this.iframe.style.height = `${clampWidgetHeight(height)}px`;
  }

  private flush(): FrameHostUpdate {
    if (!this.ready || this.disposed) {
      return 'forwarded';
    }
    // A new frame gets the widget as it stands, each channel whole: a revision's log holds its base's parts,
    // `end` among them, and replaying that would run the base's script before the edit.
    const unsent =
      this.sentParts === WidgetPartLog.empty
        ? widgetAsParts(this.widget)
        : this.widget.parts.partsAfter(this.sentParts);
    // After its `end` the frame ran its script: more parts are another revision, which only a frame handed on
    // to it (`continueWithRevision`) takes — a switch to a revision made from the one shown starts afresh.
    if (unsent === undefined || (this.ended && !this.continuing && unsent.length > 0)) {
      return 'diverged';
    }
    this.sentParts = this.widget.parts;
    // React may hand over several new parts at once: each run of one channel goes as one delta, its pieces
    // joined once; a part that replaces its channel drops the run before it; a hunk goes on its own.
    let runStart = 0;
    for (let index = 1; index <= unsent.length; index += 1) {
      const next = unsent[index];
      const first = unsent[runStart]!;
      if (next?.part === first.part && next.search === undefined && first.search === undefined) {
        if (next.replace === true) runStart = index;
        continue;
      }
      if (first.part === 'end' && this.scriptChanged()) return 'diverged';
      this.forward({
        ...first,
        delta: unsent
          .slice(runStart, index)
          .map((part) => part.delta)
          .join(''),
      });
      runStart = index;
    }
    return 'forwarded';
  }

  /** Whether a revision continued in this frame ends with a script other than the one the frame runs. */
  private scriptChanged(): boolean {
    return this.continuing && this.ranScript !== undefined && this.widget.parts.text('js') !== this.ranScript;
  }

  private forward({ part, delta, replace, search }: WidgetPart): void {
    switch (part) {
      case 'height':
        // The host sizes the iframe from the model's height (refreshHeight); the frame measures itself.
        return;
      case 'css':
      case 'html':
      case 'js':
        this.post({
          drawbridge: 1,
          op: part,
          delta,
          ...(replace === true ? { replace } : {}),
          ...(search === undefined ? {} : { search }),
        });
        return;
      case 'end': {
        const continued = this.continuing && this.ranScript !== undefined;
        this.continuing = false;
        this.ended = true;
        this.post({ drawbridge: 1, op: 'end' });
        if (continued) {
          // The same script runs on: the frame will not say `rendered` again, so the host says it for it.
          if (this.scriptRendered) this.callbacks.onRendered();
          return;
        }
        this.ranScript = this.widget.parts.text('js');
        return;
      }
    }
  }

  private post(message: HostToFrameMessage, transfer: Transferable[] = []): void {
    if (!this.ready || this.disposed) {
      return;
    }
    // The frame's origin is opaque ("null"), so '*' is the only target origin that reaches it.
    this.iframe.contentWindow?.postMessage(message, '*', transfer);
  }

  /**
   * The private channel, made at the frame's first `ready`: that message comes from the runtime, before any
   * widget code exists. A `ready` widget code posts later gets its `init` again, never another port.
   */
  private openPrivateChannel(): MessagePort[] {
    if (this.privatePort !== undefined || typeof MessageChannel === 'undefined') return [];
    const channel = new MessageChannel();
    this.privatePort = channel.port1;
    channel.port1.onmessage = (event: MessageEvent) => {
      const parsed = frameToHostMessageSchema.safeParse(event.data);
      if (this.disposed || !parsed.success || parsed.data.kind !== 'link') return;
      this.answerBridgeRequest(parsed.data);
    };
    return [channel.port2];
  }

  private answerBridgeRequest(request: Extract<FrameToHostMessage, { kind: 'prompt' | 'link' }>): void {
    void Promise.resolve(this.callbacks.onBridgeRequest(request)).then((outcome) =>
      this.post({ drawbridge: 1, op: 'bridge-reply', id: request.id, ...outcome }),
    );
  }

  /** Checks a widget's state as the frame did (widget code can post past it) and hands it on to be kept. */
  private answerStateRequest({ id, json }: { id: string; json: string }): void {
    const problem = widgetStateProblem(json);
    const onStateRequest = this.callbacks.onStateRequest;
    const outcome: BridgeReply | Promise<BridgeReply> =
      problem !== undefined
        ? { ok: false, message: `host.setState: ${problem}` }
        : onStateRequest === undefined
          ? { ok: false, message: 'This page keeps no widget state.' }
          : onStateRequest(json);
    void Promise.resolve(outcome).then((reply) =>
      this.post({ drawbridge: 1, op: 'bridge-reply', id, ...reply }),
    );
  }

  private readonly handleLoad = (): void => {
    this.loadCount += 1;
    if (this.loadCount > 1) this.leftBootstrap();
  };

  /** The frame left its bootstrap document, announced (`leaving`) or seen (a second `load`): tear it down once. */
  private leftBootstrap(): void {
    if (this.disposed) return;
    this.dispose();
    this.callbacks.onNavigatedAway();
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
        this.post(
          {
            drawbridge: 1,
            op: 'init',
            theme: this.theme,
            height: clampWidgetHeight(this.widget.height ?? defaultWidgetHeight),
          },
          this.openPrivateChannel(),
        );
        if (!this.visible) {
          this.post({ drawbridge: 1, op: 'visibility', visible: false });
        }
        if (this.fullscreen) {
          this.post({ drawbridge: 1, op: 'fullscreen', active: true });
        }
        {
          // Before the parts, so the widget's script finds its state when it runs.
          const state = this.readState?.();
          if (state !== undefined) this.post({ drawbridge: 1, op: 'state', json: state });
        }
        this.flush();
        return;
      case 'height':
        this.reportedHeight = message.px;
        this.refreshHeight();
        return;
      case 'error':
        this.callbacks.onError(
          message.source === 'csp' && message.blockedUri
            ? `${message.message} (blocked ${message.blockedUri})`
            : message.message,
          message.line,
        );
        return;
      case 'rendered':
        this.scriptRendered = true;
        this.callbacks.onRendered();
        return;
      case 'refused':
        // Widget code can post this too: it can only take its own widget down, which it could anyway.
        this.callbacks.onRefused(message.code);
        return;
      case 'leaving':
        // Not yet proof: a form submit that CSP then blocks announces it too, and the frame lives on.
        this.leavingAnnounced = true;
        return;
      case 'pong':
        this.leavingAnnounced = false;
        return;
      case 'webgl':
        // The frame guard counts it against the page's WebGL budget; kept for a guard of a card it moves to.
        this.webglContexts = message.contexts;
        return;
      case 'prompt':
        this.answerBridgeRequest(message);
        return;
      case 'state':
        this.answerStateRequest(message);
        return;
      case 'link':
        // On the window channel it can only be widget code posting past `host.openLink` and its click check.
        this.post({
          drawbridge: 1,
          op: 'bridge-reply',
          id: message.id,
          ok: false,
          message: 'A link opens only through host.openLink, from a click in the widget.',
        });
        return;
    }
  }
}

/** The widget as a new frame takes it: each channel's text in one part, and `end` once it is complete. */
function widgetAsParts(widget: FrameHostWidget): WidgetPart[] {
  const parts: WidgetPart[] = [];
  for (const part of ['css', 'html', 'js'] as const) {
    const text = widget.parts.text(part);
    if (text !== '') parts.push({ part, delta: text });
  }
  if (widget.complete) parts.push({ part: 'end', delta: '' });
  return parts;
}
