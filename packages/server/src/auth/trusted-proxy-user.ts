import type { ProxyAuthSettings } from './auth-settings.ts';
import { isLoopbackAddress } from './is-loopback-address.ts';
import type { SignedInUser } from './signed-in-user.ts';

/** Users a proxy signs in are kept apart from any account ids by this prefix. */
export const proxyUserIdPrefix = 'proxy:';

function sameAddress(left: string, right: string): boolean {
  const bare = (address: string) =>
    address
      .trim()
      .toLowerCase()
      .replace(/^::ffff:/, '');
  if (bare(left) === bare(right)) return true;
  return bare(right) === 'loopback' && isLoopbackAddress(left);
}

/**
 * The user a trusted reverse proxy names in its header. Only a request whose TCP peer is a listed proxy
 * counts: anyone else could write the header themselves.
 */
export function trustedProxyUser({
  settings,
  peerAddress,
  headerValue,
}: {
  settings: ProxyAuthSettings;
  peerAddress: string | undefined;
  headerValue: string | undefined;
}): SignedInUser | undefined {
  if (peerAddress === undefined || headerValue === undefined) return undefined;
  if (!settings.trustedProxies.some((proxy) => sameAddress(peerAddress, proxy))) return undefined;
  const name = headerValue.trim().toLowerCase();
  if (name === '' || name.length > 320) return undefined;
  return {
    id: `${proxyUserIdPrefix}${name}`,
    name,
    email: name.includes('@') ? name : null,
    isAdmin: settings.adminEmails.includes(name),
    via: 'proxy',
  };
}
