import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** One official A2UI example surface: its messages, in order, and where it came from. */
export interface OfficialA2uiExample {
  version: '0.8' | '0.9';
  catalog: 'basic' | 'minimal';
  /** The file name, e.g. `09_login-form.json`. */
  file: string;
  messages: unknown[];
}

/**
 * The root of `@a2ui/web_core` (a devDependency, Apache-2.0): the A2UI project's own package ships the v0.8 and
 * v0.9 JSON Schemas and the v0.9 example surfaces, so tests read them from there rather than from a copy.
 */
export function a2uiWebCoreRoot(): string {
  const entry = createRequire(import.meta.url).resolve('@a2ui/web_core');
  return join(dirname(entry), '..', '..');
}

/** The official v0.9 JSON Schemas' folder in `@a2ui/web_core`. */
export function officialA2uiSchemaFolder(version: '0.8' | '0.9'): string {
  return join(a2uiWebCoreRoot(), 'src', version === '0.8' ? 'v0_8' : 'v0_9', 'schemas');
}

function readJsonFiles(folder: string): Array<{ file: string; json: unknown }> {
  return readdirSync(folder)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => ({ file, json: JSON.parse(readFileSync(join(folder, file), 'utf8')) as unknown }));
}

/**
 * Every official example surface: v0.9's basic and minimal catalog examples as `@a2ui/web_core` 0.11 ships them
 * (`{ name, description, messages }`), and v0.8's, which no package ships, from the specification
 * (`a2ui-examples/v0_8`, copied from google/A2UI at ade478fa under its Apache-2.0 licence, kept beside them).
 */
export function officialA2uiExamples(): OfficialA2uiExample[] {
  const examples: OfficialA2uiExample[] = [];
  for (const catalog of ['basic', 'minimal'] as const) {
    const v09 = join(officialA2uiSchemaFolder('0.9'), 'catalogs', catalog, 'examples');
    for (const { file, json } of readJsonFiles(v09)) {
      examples.push({ version: '0.9', catalog, file, messages: (json as { messages: unknown[] }).messages });
    }
  }
  // A path from the module's own path, not `new URL(…, import.meta.url)`: a DOM test environment's URL class
  // is not Node's, and `fileURLToPath` refuses it.
  const v08Root = join(dirname(fileURLToPath(import.meta.url)), 'a2ui-examples', 'v0_8');
  for (const catalog of ['basic', 'minimal'] as const) {
    for (const { file, json } of readJsonFiles(join(v08Root, catalog))) {
      examples.push({ version: '0.8', catalog, file, messages: json as unknown[] });
    }
  }
  return examples;
}
