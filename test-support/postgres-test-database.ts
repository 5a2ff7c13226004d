import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

/**
 * Creates an empty database on the run's throwaway PostgreSQL server and returns its URL, so each test
 * starts from nothing and runs the migrations itself. The server, with every database, goes at the end.
 */
export async function createPostgresTestDatabase(): Promise<string> {
  const adminUrl = inject('postgresAdminUrl');
  const name = `test_${randomUUID().replaceAll('-', '')}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    // The name is ours (hex digits), never input; CREATE DATABASE takes no bound parameters.
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
