import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface OidcTestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (`oidc-provider`, its development login and consent pages) on a free
 * loopback port: any login name signs in as `<name>@idp.example`.
 */
export async function startOidcTestProvider({
  redirectUri,
}: {
  redirectUri: string;
}): Promise<OidcTestProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'drawbridge-e2e';
  const clientSecret = 'drawbridge-e2e-client-secret';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: async (_context, sub) => ({
      accountId: sub,
      claims: async () => ({ sub, email: `${sub}@idp.example`, email_verified: true, name: sub }),
    }),
    cookies: { keys: ['drawbridge-e2e-cookie-key'] },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    clientId,
    clientSecret,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
