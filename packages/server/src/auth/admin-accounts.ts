import { type Kysely, type SqlBool, sql } from 'kysely';
import type { DatabaseDialect } from '../store/database-dialect.ts';
import type { DatabaseTables } from '../store/database-tables.ts';

/** An account as an operator checks it before trusting it: who, since when, how it signs in, and its mark. */
export interface AdminAccount {
  email: string;
  name: string;
  /** ISO-8601. */
  createdAt: string;
  /** better-auth's providers of its linked sign-ins: `credential` (a password) and/or `oidc`. */
  signsInWith: string[];
  isAdmin: boolean;
}

/** What marking an account did; an address with no account yet is refused, never remembered for later. */
export type AdminChange =
  | { success: true; account: AdminAccount; changed: boolean }
  | { success: false; reason: 'no_account' };

/**
 * The admin marks on accounts, as `drawbridge admin` sets and lists them. An account is found by its email
 * (any case); marking one that does not exist yet fails, so an address never becomes an admin's by being
 * signed up with later.
 */
export function adminAccounts({
  kysely,
  dialect,
}: {
  kysely: Kysely<DatabaseTables>;
  dialect: DatabaseDialect;
}) {
  const accountsWhere = (filter: { email: string } | { admins: true }) => {
    let query = kysely
      .selectFrom('auth_users')
      .leftJoin('auth_accounts', 'auth_accounts.userId', 'auth_users.id')
      .select([
        'auth_users.email',
        'auth_users.name',
        'auth_users.createdAt',
        'auth_users.isAdmin',
        'auth_accounts.providerId',
      ])
      .orderBy('auth_users.email');
    query =
      'email' in filter
        ? query.where(sql<string>`lower(auth_users.email)`, '=', filter.email.trim().toLowerCase())
        : // True in PostgreSQL, non-zero in SQLite: the column alone is the condition in both.
          query.where(sql<SqlBool>`${sql.ref('auth_users.isAdmin')}`);
    return query;
  };

  const collect = (
    rows: Awaited<ReturnType<ReturnType<typeof accountsWhere>['execute']>>,
  ): AdminAccount[] => {
    const byEmail = new Map<string, AdminAccount>();
    for (const row of rows) {
      const account = byEmail.get(row.email) ?? {
        email: row.email,
        name: row.name,
        createdAt: new Date(row.createdAt).toISOString(),
        signsInWith: [],
        isAdmin: Boolean(row.isAdmin),
      };
      if (row.providerId !== null) account.signsInWith.push(row.providerId);
      byEmail.set(row.email, account);
    }
    return [...byEmail.values()];
  };

  const find = async (email: string) => collect(await accountsWhere({ email }).execute())[0];

  return {
    /** Marks (or unmarks) the account with this email as an admin. */
    async mark({ email, isAdmin }: { email: string; isAdmin: boolean }): Promise<AdminChange> {
      const account = await find(email);
      if (account === undefined) return { success: false, reason: 'no_account' };
      if (account.isAdmin === isAdmin) return { success: true, account, changed: false };
      await kysely
        .updateTable('auth_users')
        .set({ isAdmin: dialect === 'postgres' ? isAdmin : Number(isAdmin) })
        .where(sql<string>`lower(email)`, '=', account.email.toLowerCase())
        .execute();
      return { success: true, account: { ...account, isAdmin }, changed: true };
    },

    /** Every account marked admin, by email. */
    async list(): Promise<AdminAccount[]> {
      return collect(await accountsWhere({ admins: true }).execute());
    },
  };
}
