import type { FrameToHostMessage } from '@drawbridge/protocol';
import { widgetStateProblem } from '@drawbridge/protocol/widget-limits';

/** What widget code sees as `window.host`. */
export interface HostBridge {
  sendPrompt(text: string): Promise<void>;
  openLink(url: string): Promise<void>;
  /** What the widget kept last (this page or an earlier one, any revision of it): a fresh copy, or `null`. */
  getState(): Record<string, unknown> | null;
  /** Keeps `state` (a JSON object) for the widget: it survives reloads and edits, and the model reads it next turn. */
  setState(state: Record<string, unknown>): Promise<void>;
}

type Post = (message: FrameToHostMessage) => void;

/**
 * Widget code calls `host.sendPrompt` / `host.openLink`; the host answers with a `bridge-reply`. A link is asked
 * for only after a click in the widget (`mayOpenLink`), and on the private channel (`postLink`) the host takes
 * links from.
 */
export class HostBridgeClient {
  private readonly post: Post | undefined;
  private readonly postLink: Post | undefined;
  private readonly mayOpenLink: () => boolean;
  private readonly waiting = new Map<string, { resolve: () => void; reject: (error: Error) => void }>();
  private nextId = 1;
  /** The widget's state as JSON text, as the host gave it or the widget last set it. */
  private stateJson: string | null = null;
  readonly host: HostBridge;

  /** Without `post` (a standalone export has no host) every call rejects with a plain reason. */
  constructor({
    post,
    postLink = post,
    mayOpenLink = () => true,
  }: {
    post: Post | undefined;
    postLink?: Post | undefined;
    mayOpenLink?: () => boolean;
  }) {
    this.post = post;
    this.postLink = postLink;
    this.mayOpenLink = mayOpenLink;
    this.host = Object.freeze({
      sendPrompt: (text: string) =>
        this.request(this.post, (id) => ({ drawbridge: 1, kind: 'prompt', id, text: String(text) })),
      openLink: (url: string) => {
        // Asked whether or not the widget is inside Drawbridge, so a click is spent the same way everywhere.
        if (!this.mayOpenLink()) {
          return Promise.reject(new Error('A link opens only from a click in the widget.'));
        }
        return this.request(this.postLink, (id) => ({ drawbridge: 1, kind: 'link', id, url: String(url) }));
      },
      getState: () =>
        this.stateJson === null ? null : (JSON.parse(this.stateJson) as Record<string, unknown>),
      setState: (state: Record<string, unknown>) => this.setState(state),
    });
  }

  /** The state the host stored for the widget, before its script runs; text that is no state is ignored. */
  adoptState(json: string): void {
    if (widgetStateProblem(json) === undefined) this.stateJson = json;
  }

  private setState(state: unknown): Promise<void> {
    let json: string | undefined;
    try {
      json = JSON.stringify(state);
    } catch (error) {
      // A cycle or a BigInt: the widget learns why, as for any other refusal.
      return Promise.reject(new Error(`host.setState: the state cannot be JSON: ${String(error)}`));
    }
    const problem =
      json === undefined
        ? 'The state must be a JSON object, such as { "count": 3 }.'
        : widgetStateProblem(json);
    if (problem !== undefined || json === undefined)
      return Promise.reject(new Error(`host.setState: ${problem}`));
    this.stateJson = json;
    // A standalone export has nobody to store it for: it lives as long as the page.
    if (this.post === undefined) return Promise.resolve();
    const text = json;
    return this.request(this.post, (id) => ({ drawbridge: 1, kind: 'state', id, json: text }));
  }

  /** Settles the call a `bridge-reply` answers; replies for unknown ids are ignored. */
  settle({ id, ok, message }: { id: string; ok: boolean; message: string }): void {
    const call = this.waiting.get(id);
    if (call === undefined) return;
    this.waiting.delete(id);
    if (ok) call.resolve();
    else call.reject(new Error(message));
  }

  private request(post: Post | undefined, build: (id: string) => FrameToHostMessage): Promise<void> {
    if (this.post === undefined || post === undefined) {
      return Promise.reject(new Error('This widget is not inside Drawbridge, so it cannot reach the chat.'));
    }
    const id = `bridge-${this.nextId++}`;
    return new Promise<void>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      post(build(id));
    });
  }
}
