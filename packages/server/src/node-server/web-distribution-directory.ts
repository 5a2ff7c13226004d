import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where `npm run build` writes the web app: `dist/` of the `@drawbridge/web` package, found by Node's
 * resolution of the package's name (as `three` is found), which loads none of it. The server imports nothing
 * of the app and reaches into no other package's folder by a relative path
 * (test-support/package-boundaries.test.ts). Undefined when the package is not installed beside the server.
 */
export function webDistributionDirectory(): string | undefined {
  let entry: string;
  try {
    entry = fileURLToPath(import.meta.resolve('@drawbridge/web'));
  } catch {
    // Not installed (a server embedded without the app): there is no app to serve.
    return undefined;
  }
  // The package's entry is <package>/src/index.ts; its build goes to <package>/dist.
  return join(dirname(dirname(entry)), 'dist');
}
