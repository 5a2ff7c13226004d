/**
 * Whether `hostname` is on the trusted list (`DRAWBRIDGE_TRUSTED_LINK_HOSTS`): an entry names a host exactly, or
 * with a leading `*.` every host below it (not the host itself). Compared lower-case, as URLs give hostnames.
 */
export function isTrustedLinkHost({
  hostname,
  trustedHosts,
}: {
  hostname: string;
  trustedHosts: readonly string[];
}): boolean {
  const host = hostname.toLowerCase();
  return trustedHosts.some((entry) => {
    const trusted = entry.trim().toLowerCase();
    if (trusted.startsWith('*.')) return host.endsWith(trusted.slice(1)) && host.length > trusted.length - 1;
    return trusted !== '' && host === trusted;
  });
}
