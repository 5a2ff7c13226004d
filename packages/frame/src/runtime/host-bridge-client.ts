import type { FrameToHostMessage } from '@drawbridge/protocol';

/** What widget code sees as `window.host`. */
export interface HostBridge {
  sendPrompt(text: string): Promise<void>;
  openLink(url: string): Promise<void>;
}

/** Widget code calls `host.sendPrompt` / `host.openLink`; the host answers with a `bridge-reply`. */
export class HostBridgeClient {
  private readonly post: ((message: FrameToHostMessage) => void) | undefined;
  private readonly waiting = new Map<string, { resolve: () => void; reject: (error: Error) => void }>();
  private nextId = 1;
  readonly host: HostBridge;

  /** Without `post` (a standalone export has no host) every call rejects with a plain reason. */
  constructor({ post }: { post: ((message: FrameToHostMessage) => void) | undefined }) {
    this.post = post;
    this.host = Object.freeze({
      sendPrompt: (text: string) =>
        this.request((id) => ({ drawbridge: 1, kind: 'prompt', id, text: String(text) })),
      openLink: (url: string) =>
        this.request((id) => ({ drawbridge: 1, kind: 'link', id, url: String(url) })),
    });
  }

  /** Settles the call a `bridge-reply` answers; replies for unknown ids are ignored. */
  settle({ id, ok, message }: { id: string; ok: boolean; message: string }): void {
    const call = this.waiting.get(id);
    if (call === undefined) return;
    this.waiting.delete(id);
    if (ok) call.resolve();
    else call.reject(new Error(message));
  }

  private request(build: (id: string) => FrameToHostMessage): Promise<void> {
    const post = this.post;
    if (post === undefined) {
      return Promise.reject(new Error('This widget is not inside Drawbridge, so it cannot reach the chat.'));
    }
    const id = `bridge-${this.nextId++}`;
    return new Promise<void>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      post(build(id));
    });
  }
}
