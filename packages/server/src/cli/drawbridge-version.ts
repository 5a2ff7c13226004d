import { readFileSync } from 'node:fs';

/** The version `--version` prints: the server package's, read once from its package.json beside the sources. */
export function drawbridgeVersion(): string {
  const packageJson = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  return packageJson.version;
}
