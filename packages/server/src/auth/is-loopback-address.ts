import { isIP } from 'node:net';

/** Whether a listen address or host name stays on this machine (127.0.0.0/8, ::1, `localhost`). */
export function isLoopbackAddress(address: string): boolean {
  const bare = address
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (bare === 'localhost') return true;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  if (bare.startsWith('::ffff:')) return isLoopbackAddress(bare.slice('::ffff:'.length));
  return bare === '::1';
}
