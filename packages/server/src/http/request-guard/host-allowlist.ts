/** The names a zero-config server answers to: loopback only, so a rebinding DNS name gets nothing. */
export const loopbackHostNames: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/** Splits an authority (`name`, `name:port`, `[v6]`, `[v6]:port`) into its lower-cased name and port. */
export function splitAuthority(authority: string): { name: string; port: string | undefined } {
  const lowered = authority.trim().toLowerCase();
  const portMatch = /:(\d+)$/.exec(lowered);
  // A bare IPv6 address has colons of its own; only a bracketed one can carry a port.
  if (portMatch === null || (lowered.includes(']') === false && lowered.indexOf(':') !== portMatch.index)) {
    return { name: lowered, port: undefined };
  }
  return { name: lowered.slice(0, portMatch.index), port: portMatch[1] };
}

/** Whether an authority from a `Host` header (or an `Origin`) names one of the allowed hosts. */
export function isAllowedHost(authority: string, allowedHosts: readonly string[]): boolean {
  const { name, port } = splitAuthority(authority);
  if (name === '') return false;
  return allowedHosts.some((entry) => {
    const allowed = splitAuthority(entry);
    return allowed.name === name && (allowed.port === undefined || allowed.port === port);
  });
}
