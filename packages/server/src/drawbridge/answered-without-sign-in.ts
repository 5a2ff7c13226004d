import { isLoopbackAddress } from '../auth/is-loopback-address.ts';
import type { ConfigIssue } from '../config/config-problem.ts';
import type { DrawbridgeConfig } from '../config/drawbridge-config-schema.ts';
import { splitAuthority } from '../http/request-guard/host-allowlist.ts';

/**
 * The refusal for an embedded Drawbridge that answers a name other machines use with nobody signing in. Mounted in
 * your server, its own listen address says nothing (yours listens); the `Host` names it answers do. With the
 * loopback default of `config.auth` every request would be the one local user, and every visitor would share that
 * user's threads.
 */
export function answeredWithoutSignIn({
  config,
  hasOwnSignIn,
}: {
  config: DrawbridgeConfig;
  hasOwnSignIn: boolean;
}): ConfigIssue | undefined {
  if (hasOwnSignIn || config.auth.mode !== 'local') return undefined;
  const outside = config.server.allowedHosts.find((entry) => !isLoopbackAddress(splitAuthority(entry).name));
  if (outside === undefined) return undefined;
  return {
    path: ['auth', 'modes'],
    message:
      `Drawbridge answers ${outside}, which other machines can reach, and has no sign-in: pass ` +
      'createDrawbridge({ auth }) or set {} to accounts, oidc or proxy (docs/embedding.md#sign-in)',
    input: config.auth.mode,
  };
}
