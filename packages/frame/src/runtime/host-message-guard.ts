import type { HostToFrameMessage } from '@drawbridge/protocol';

/**
 * A hand-written check of host messages. The host validates with the zod schema; the runtime
 * keeps zod out of its bundle and checks only what it reads. Unknown messages are ignored.
 */
export function isHostToFrameMessage(data: unknown): data is HostToFrameMessage {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as Record<string, unknown>;
  if (message.drawbridge !== 1) return false;
  const isTheme = (value: unknown) => value === 'light' || value === 'dark';
  switch (message.op) {
    case 'init':
      return isTheme(message.theme) && typeof message.height === 'number';
    case 'css':
    case 'html':
    case 'js':
      return typeof message.delta === 'string' && (message.replace === undefined || message.replace === true);
    case 'end':
      return true;
    case 'theme':
      return isTheme(message.theme);
    case 'visibility':
      return typeof message.visible === 'boolean';
    case 'ping':
      return typeof message.seq === 'number';
    case 'bridge-reply':
      return (
        typeof message.id === 'string' &&
        typeof message.ok === 'boolean' &&
        typeof message.message === 'string'
      );
    default:
      return false;
  }
}
