import { type AdminAccount, adminAccounts } from '../auth/admin-accounts.ts';
import { describeDatabaseLocation } from '../store/database-location.ts';
import { DatabaseMigrationError, DatabaseUnavailableError } from '../store/index.ts';
import { openStorage, type Storage } from '../store/open-storage.ts';
import { readCommandArguments, type TextSink } from './read-command-arguments.ts';
import { type Environment, readCommandConfig } from './read-command-config.ts';

const usage = `usage: drawbridge admin grant <email>    make the account with this email an admin
       drawbridge admin revoke <email>   make it a plain user again
       drawbridge admin list             the admins

An admin's dashboard shows every user's runs, audit records and widget events. With DRAWBRIDGE_AUTH=accounts
or oidc, only this command makes one: the account must exist (signed up, or signed in once with single
sign-on), and takes effect at its next request. Check the account it names is the one you expect. With
DRAWBRIDGE_AUTH=proxy, DRAWBRIDGE_ADMIN_EMAILS names the admins instead (docs/deployment.md, Admins).

configured by the environment:
  DRAWBRIDGE_DATABASE_URL   the server's PostgreSQL database, or else
  DRAWBRIDGE_DB             its SQLite file (default ./data/drawbridge.db)

options:
  -h, --help                print this help
  -v, --version             print the version`;

function describeAccount(account: AdminAccount): string {
  const signIn = account.signsInWith
    .map((provider) => (provider === 'credential' ? 'a password' : `single sign-on (${provider})`))
    .join(' and ');
  return `${account.email} (${account.name}; account created ${account.createdAt}${signIn === '' ? '' : `, signs in with ${signIn}`})`;
}

function firstLineOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
}

/** `drawbridge admin grant|revoke <email>` and `drawbridge admin list`: the admin marks on accounts. */
export async function adminCommand(
  args: string[],
  {
    environment,
    output = process.stdout,
    errorOutput = process.stderr,
  }: { environment: Environment; output?: TextSink; errorOutput?: TextSink },
): Promise<number> {
  const parsed = readCommandArguments({
    args,
    command: 'admin',
    usage,
    options: {},
    allowPositionals: true,
    output,
    errorOutput,
  });
  if (!parsed.proceed) return parsed.exitCode;
  const [action, email, ...extra] = parsed.positionals;
  const wellFormed =
    extra.length === 0 &&
    ((action === 'list' && email === undefined) ||
      ((action === 'grant' || action === 'revoke') && email !== undefined && email.includes('@')));
  if (!wellFormed) {
    errorOutput.write(`${usage}\n`);
    return 2;
  }
  const config = readCommandConfig({ environment, errorOutput, linePrefix: 'drawbridge admin: ' });
  if (config === undefined) return 1;
  let storage: Storage;
  try {
    storage = await openStorage({ location: config.store.location });
  } catch (error) {
    const expected = DatabaseUnavailableError.isInstance(error) || DatabaseMigrationError.isInstance(error);
    if (!expected) throw error;
    errorOutput.write(`drawbridge admin: ${firstLineOf(error)}\n`);
    return 1;
  }
  try {
    const admins = adminAccounts({ kysely: storage.database.kysely, dialect: storage.database.dialect });
    if (action === 'list') {
      const listed = await admins.list();
      output.write(
        listed.length === 0
          ? 'No admins yet: make one with drawbridge admin grant <email>.\n'
          : listed.map((account) => `${describeAccount(account)}\n`).join(''),
      );
      return 0;
    }
    const change = await admins.mark({ email: email as string, isAdmin: action === 'grant' });
    if (!change.success) {
      errorOutput.write(
        `drawbridge admin: no account uses ${email} in ${describeDatabaseLocation(config.store.location)}; ` +
          'it must sign up (as DRAWBRIDGE_SIGN_UP allows) or sign in once with single sign-on first.\n',
      );
      return 1;
    }
    const what = action === 'grant' ? 'an admin' : 'a plain user';
    output.write(
      `${describeAccount(change.account)} ${change.changed ? `is now ${what}` : `was already ${what}`}.\n`,
    );
    return 0;
  } finally {
    await storage.close();
  }
}
