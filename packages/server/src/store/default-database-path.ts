/** Where the SQLite file lives: `DRAWBRIDGE_DB` when set, otherwise `./data/drawbridge.db`. */
export function defaultDatabasePath(environment: Record<string, string | undefined>): string {
  const configured = environment.DRAWBRIDGE_DB?.trim();
  return configured ? configured : './data/drawbridge.db';
}
