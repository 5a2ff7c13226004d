import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { officialA2uiExamples, officialA2uiSchemaFolder } from '../testing/official-a2ui-examples.ts';
import { foldA2uiActivity } from './a2ui-activity.ts';
import { isA2uiSurfaceReady } from './a2ui-surface.ts';
import { parseA2uiMessage } from './parse-a2ui-message.ts';

/**
 * Our zod schemas against the official JSON Schemas that `@a2ui/web_core` 0.11 ships: every official example
 * passes both, and mutations of them pass or fail both alike. Where v0.8's prose is stricter than its JSON
 * Schema, we follow the prose, and the test says which rules those are.
 */

const examples = officialA2uiExamples();

function readSchema(version: '0.8' | '0.9', ...path: string[]): Record<string, unknown> {
  return JSON.parse(readFileSync(join(officialA2uiSchemaFolder(version), ...path), 'utf8')) as Record<
    string,
    unknown
  >;
}

/** A v0.9 validator with `catalog.json` mapped to one catalog, as the specification tells validators to. */
function v09Validator(catalog: 'basic' | 'minimal') {
  const ajv = new Ajv2020.default({ strict: false });
  addFormats.default(ajv);
  ajv.addSchema(readSchema('0.9', 'common_types.json'));
  ajv.addSchema({
    ...readSchema('0.9', 'catalogs', catalog, 'catalog.json'),
    $id: 'https://a2ui.org/specification/v0_9/catalog.json',
  });
  return ajv.compile(readSchema('0.9', 'server_to_client.json'));
}

const officialV09 = { basic: v09Validator('basic'), minimal: v09Validator('minimal') };
const officialV08 = (() => {
  const ajv = new Ajv.default({ strict: false });
  addFormats.default(ajv);
  return ajv.compile(readSchema('0.8', 'server_to_client_with_standard_catalog.json'));
})();

function officiallyValid(version: '0.8' | '0.9', catalog: 'basic' | 'minimal', message: unknown): boolean {
  return version === '0.8' ? officialV08(message) : officialV09[catalog](message);
}

describe('the official A2UI examples', () => {
  it('are 85: 43 + 7 of v0.9 (basic, minimal) from @a2ui/web_core, 30 + 5 of v0.8 from the specification', () => {
    const count = (version: string, catalog: string) =>
      examples.filter((example) => example.version === version && example.catalog === catalog).length;
    expect([
      count('0.9', 'basic'),
      count('0.9', 'minimal'),
      count('0.8', 'basic'),
      count('0.8', 'minimal'),
    ]).toEqual([43, 7, 30, 5]);
  });

  it.each(
    examples.map((example) => [`v${example.version} ${example.catalog} ${example.file}`, example] as const),
  )('%s: valid by the official schema and ours, and folds into surfaces that can be drawn', (_, example) => {
    for (const [index, message] of example.messages.entries()) {
      expect(officiallyValid(example.version, example.catalog, message), `message ${index}`).toBe(true);
      const parsed = parseA2uiMessage(message);
      expect(parsed.success ? parsed.message.version : parsed.problem, `message ${index}`).toBe(
        example.version,
      );
    }
    const fold = foldA2uiActivity({ a2ui_operations: example.messages });
    expect(fold.success ? 'drawn' : fold.problem).toBe('drawn');
    if (!fold.success) return;
    expect(fold.surfaces.length).toBeGreaterThan(0);
    for (const surface of fold.surfaces) expect(isA2uiSurfaceReady(surface), surface.surfaceId).toBe(true);
  });
});

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every path to a value inside `value`, so a mutation can pick any of them. */
function paths(value: Json, prefix: (string | number)[] = []): (string | number)[][] {
  const found: (string | number)[][] = [prefix];
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) found.push(...paths(item, [...prefix, index]));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) found.push(...paths(item, [...prefix, key]));
  }
  return found;
}

type Mutation =
  | 'delete'
  | 'add-key'
  | 'to-number'
  | 'to-string'
  | 'to-object'
  | 'enum-like'
  | 'to-empty-array';

/** The message with one change at `path`; undefined when the change does not apply there. */
function mutate(message: Json, path: (string | number)[], mutation: Mutation): Json | undefined {
  const copy = structuredClone(message);
  if (path.length === 0) return undefined;
  const parent = path.slice(0, -1).reduce<Json>((node, key) => (node as Record<string, Json>)[key]!, copy);
  const key = path.at(-1)!;
  const container = parent as Record<string | number, Json>;
  switch (mutation) {
    case 'delete':
      if (Array.isArray(parent)) parent.splice(Number(key), 1);
      else delete container[key];
      return copy;
    case 'add-key': {
      const target = container[key];
      if (target === null || typeof target !== 'object' || Array.isArray(target)) return undefined;
      target.unexpected = 'x';
      return copy;
    }
    case 'to-number':
      container[key] = 42;
      return copy;
    case 'to-string':
      container[key] = 'text';
      return copy;
    case 'to-object':
      container[key] = { path: '/x' };
      return copy;
    case 'enum-like':
      if (typeof container[key] !== 'string') return undefined;
      container[key] = 'notAValue';
      return copy;
    case 'to-empty-array':
      container[key] = [];
      return copy;
  }
}

const mutations: Mutation[] = [
  'delete',
  'add-key',
  'to-number',
  'to-string',
  'to-object',
  'enum-like',
  'to-empty-array',
];

describe('our schemas and the official ones agree on mutated messages', () => {
  const v09Messages = examples
    .filter((example) => example.version === '0.9' && example.catalog === 'basic')
    .flatMap((example) => example.messages as Json[]);
  const v08Messages = examples
    .filter((example) => example.version === '0.8')
    .flatMap((example) => example.messages as Json[]);

  it('v0.9: valid by one exactly when valid by the other', () => {
    const cases = fc.integer({ min: 0, max: v09Messages.length - 1 }).chain((index) => {
      const message = v09Messages[index]!;
      const all = paths(message);
      return fc.tuple(fc.constant(message), fc.constantFrom(...all), fc.constantFrom(...mutations));
    });
    fc.assert(
      fc.property(cases, ([message, path, mutation]) => {
        const mutated = mutate(message, path, mutation);
        if (mutated === undefined) return;
        const official = officialV09.basic(mutated);
        const ours = parseA2uiMessage(mutated).success;
        expect({ path: path.join('.'), mutation, ours }).toEqual({
          path: path.join('.'),
          mutation,
          ours: official,
        });
      }),
      { numRuns: 3_000, seed: 20260705 },
    );
  });

  it('v0.8: never valid by ours when the official schema refuses it; refused by ours only for the prose rules', () => {
    const cases = fc.integer({ min: 0, max: v08Messages.length - 1 }).chain((index) => {
      const message = v08Messages[index]!;
      return fc.tuple(
        fc.constant(message),
        fc.constantFrom(...paths(message)),
        fc.constantFrom(...mutations),
      );
    });
    fc.assert(
      fc.property(cases, ([message, path, mutation]) => {
        const mutated = mutate(message, path, mutation);
        if (mutated === undefined) return;
        const official = officialV08(mutated);
        const parsed = parseA2uiMessage(mutated);
        if (parsed.success) expect(official, `${path.join('.')} ${mutation}`).toBe(true);
        else if (official) {
          // Refused by us, accepted by the JSON Schema: only the rules the v0.8 prose states.
          expect(parsed.problem.message).toMatch(
            /exactly one component type|needs "literal\w+" or "path"|exactly one of "explicitList" and "template"|needs "version": "v0.9"|exactly one operation/,
          );
        }
      }),
      { numRuns: 3_000, seed: 20260705 },
    );
  });
});

describe('parseA2uiMessage', () => {
  it('names the field and the component of a problem', () => {
    const parsed = parseA2uiMessage({
      version: 'v0.9',
      updateComponents: {
        surfaceId: 's',
        components: [
          { id: 'root', component: 'Column', children: ['email'] },
          { id: 'email', component: 'TextField', label: 'Email', variant: 'huge' },
        ],
      },
    });
    expect(parsed).toMatchObject({
      success: false,
      problem: {
        path: '/updateComponents/components/1/variant',
        message: expect.stringContaining('updateComponents.components[1] (TextField "email").variant:'),
      },
    });
  });

  it('says which function is unknown, not that a binding lacks its path', () => {
    const parsed = parseA2uiMessage({
      version: 'v0.9',
      updateComponents: {
        surfaceId: 's',
        components: [{ id: 'root', component: 'Text', text: { call: 'shout', args: {} } }],
      },
    });
    expect(parsed.success ? '' : parsed.problem.message).toMatch(/text\.call: unknown function/);
  });

  it('refuses a v0.9 operation without its version, and a message with two operations', () => {
    expect(parseA2uiMessage({ createSurface: { surfaceId: 's', catalogId: 'c' } })).toMatchObject({
      success: false,
      problem: { path: '/version' },
    });
    expect(
      parseA2uiMessage({
        surfaceUpdate: { surfaceId: 's', components: [] },
        deleteSurface: { surfaceId: 's' },
      }),
    ).toMatchObject({
      success: false,
      problem: { message: expect.stringContaining('exactly one operation') },
    });
  });
});
