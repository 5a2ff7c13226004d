import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { environmentVariables } from './environment-variables.ts';

const documents = ['../../../../README.md', '../../../../docs/deployment.md'].map((path) =>
  readFileSync(new URL(path, import.meta.url), 'utf8'),
);

describe('environmentVariables', () => {
  it('lists each variable once, for one setting each', () => {
    const names = environmentVariables.map((variable) => variable.name);
    const paths = environmentVariables.map((variable) => variable.path.join('.'));
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('are each described in the README or docs/deployment.md', () => {
    const undocumented = environmentVariables
      .map((variable) => variable.name)
      .filter((name) => !documents.some((document) => document.includes(`\`${name}`)));
    expect(undocumented).toEqual([]);
  });
});
