import type { BetterAuthOptions } from 'better-auth';
import type { Kysely } from 'kysely';
import { SlidingWindowCounter } from '../limits/sliding-window-counter.ts';
import type { DatabaseTables } from '../store/database-tables.ts';
import type { PasswordResetMailer } from './password-reset-mailer.ts';

/** How long a reset link works. */
export const passwordResetLinkMinutes = 60;
/** Reset mails one address gets per hour, whoever asks: a client address's limit alone lets many clients flood one inbox. */
export const passwordResetMailsPerHour = 3;

/** The page that sets the new password; the token rides in the fragment, so no server log or `Referer` holds it. */
export function passwordResetPageUrl({
  publicUrl,
  basePath,
  token,
}: {
  publicUrl: string;
  basePath: string;
  token: string;
}): string {
  return `${publicUrl}${basePath}/#/reset-password?token=${encodeURIComponent(token)}`;
}

/**
 * better-auth's password-reset settings over our mailer. better-auth answers `POST /request-password-reset`
 * the same whether or not the address has an account, limits it per client address (3 a minute) and stores
 * each token single-use and expiring; we store it hashed (`verification.storeIdentifier`), send only to an
 * account with a password, at most `passwordResetMailsPerHour` a hour, and never make the answer wait for
 * the SMTP server (how long it took would tell who has an account).
 */
export function passwordResetOptions({
  mailer,
  kysely,
  publicUrl,
  basePath,
  log = (line) => console.error(line),
  clock = () => Date.now(),
}: {
  mailer: PasswordResetMailer;
  kysely: Kysely<DatabaseTables>;
  publicUrl: string;
  basePath: string;
  log?: (line: string) => void;
  clock?: () => number;
}) {
  const mailsPerAddress = new SlidingWindowCounter({ windowMs: 3_600_000, limit: passwordResetMailsPerHour });
  const sendResetPassword = async ({
    user,
    token,
  }: {
    user: { id: string; email: string; name: string };
    token: string;
  }): Promise<void> => {
    const credential = await kysely
      .selectFrom('auth_accounts')
      .select('id')
      .where('userId', '=', user.id)
      .where('providerId', '=', 'credential')
      .executeTakeFirst();
    // A single-sign-on user has no password here; a reset would give them one their provider never vouched for.
    if (credential === undefined) return;
    const address = user.email.toLowerCase();
    if (!mailsPerAddress.take({ key: address, now: clock() }).allowed) {
      log(`password reset: not mailing ${address} again within the hour (${passwordResetMailsPerHour} sent)`);
      return;
    }
    const resetUrl = passwordResetPageUrl({ publicUrl, basePath, token });
    // Not awaited: the answer must not wait for the SMTP server. A failure is reported here, since the
    // person asking is told only what an unknown address is told.
    void mailer
      .send({ to: user.email, name: user.name, resetUrl, expiresInMinutes: passwordResetLinkMinutes })
      .catch((error: unknown) =>
        log(
          `password reset: the mail to ${address} was not sent: ${error instanceof Error ? error.message : String(error)}`,
        ),
      );
  };
  return {
    emailAndPassword: {
      sendResetPassword,
      resetPasswordTokenExpiresIn: passwordResetLinkMinutes * 60,
      revokeSessionsOnPasswordReset: true,
    },
    verification: {
      storeIdentifier: { default: 'plain', overrides: { 'reset-password:': 'hashed' } },
    },
  } satisfies Pick<BetterAuthOptions, 'verification'> & {
    emailAndPassword: Partial<NonNullable<BetterAuthOptions['emailAndPassword']>>;
  };
}
