/** The hash a reset link opens (`#/reset-password?token=…`; the server's mail builds it). */
const resetPasswordHashPrefix = '#/reset-password';

/** The reset token in a page hash; `undefined` when the hash is not a reset link. */
export function resetTokenFromHash(hash: string): string | undefined {
  if (!hash.startsWith(resetPasswordHashPrefix)) return undefined;
  const query = hash.slice(resetPasswordHashPrefix.length).replace(/^\?/, '');
  const token = new URLSearchParams(query).get('token');
  return token === null || token === '' ? undefined : token;
}
