import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { ApiToken } from '@drawbridge/protocol';
import type { Kysely } from 'kysely';
import type { DatabaseTables } from '../store/database-tables.ts';
import type { SignedInUser } from './signed-in-user.ts';

/** Every secret starts so, which lets secret scanners (and people) recognise a leaked one. */
export const apiTokenPrefix = 'dbt_';
/** Tokens one user may hold; a client that makes one per request fills this, not the table. */
export const maximumTokensPerUser = 50;

function digestOf(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** The owner a token acts for: who, as it was when the token was made, and whether their account is an admin now. */
export interface ApiTokenOwner {
  id: string;
  name: string;
  email: string | null;
  /** The account's admin mark (`drawbridge admin grant`); false for a user with no account (a proxy's). */
  isAdmin: boolean;
}

/** API tokens for programmatic AG-UI clients (`Authorization: Bearer dbt_…`); only digests are stored. */
export interface ApiTokenStore {
  /** `undefined` when the user already holds `maximumTokensPerUser` tokens. */
  create(input: {
    user: SignedInUser;
    name: string;
  }): Promise<{ token: ApiToken; secret: string } | undefined>;
  list(userId: string): Promise<ApiToken[]>;
  /** False when the user has no token with that id (another user's token included). */
  revoke(input: { userId: string; tokenId: string }): Promise<boolean>;
  ownerOf(secret: string): Promise<ApiTokenOwner | undefined>;
}

export function createApiTokenStore({
  kysely,
  clock = () => new Date(),
  ids = randomUUID,
}: {
  kysely: Kysely<DatabaseTables>;
  clock?: () => Date;
  ids?: () => string;
}): ApiTokenStore {
  const list = async (userId: string) =>
    (
      await kysely
        .selectFrom('api_tokens')
        .select(['id', 'name', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .execute()
    ).map((row): ApiToken => ({ id: row.id, name: row.name, createdAt: row.created_at }));

  return {
    async create({ user, name }) {
      if ((await list(user.id)).length >= maximumTokensPerUser) return undefined;
      // 256 random bits: guessing one is hopeless, so a plain digest (no salt, no slow hash) is enough.
      const secret = `${apiTokenPrefix}${randomBytes(32).toString('base64url')}`;
      const token: ApiToken = { id: ids(), name, createdAt: clock().toISOString() };
      await kysely
        .insertInto('api_tokens')
        .values({
          id: token.id,
          user_id: user.id,
          user_name: user.name,
          user_email: user.email,
          name,
          secret_digest: digestOf(secret),
          created_at: token.createdAt,
        })
        .execute();
      return { token, secret };
    },

    list,

    async revoke({ userId, tokenId }) {
      const result = await kysely
        .deleteFrom('api_tokens')
        .where('id', '=', tokenId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async ownerOf(secret) {
      if (!secret.startsWith(apiTokenPrefix)) return undefined;
      const row = await kysely
        .selectFrom('api_tokens')
        .leftJoin('auth_users', 'auth_users.id', 'api_tokens.user_id')
        .select(['api_tokens.user_id', 'api_tokens.user_name', 'api_tokens.user_email', 'auth_users.isAdmin'])
        .where('api_tokens.secret_digest', '=', digestOf(secret))
        .executeTakeFirst();
      if (row === undefined) return undefined;
      // SQLite keeps the mark as 0/1.
      return { id: row.user_id, name: row.user_name, email: row.user_email, isAdmin: Boolean(row.isAdmin) };
    },
  };
}
