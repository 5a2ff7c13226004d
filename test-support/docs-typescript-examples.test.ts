import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { exampleModules, typeCheckExampleModules } from './docs-typescript-examples.ts';
import { markdownCodeBlocks } from './markdown-code-blocks.ts';

const repositoryRoot = fileURLToPath(new URL('..', import.meta.url));
// Building a program over the packages' types takes seconds, more on a loaded machine.
const compileTimeoutMs = 120_000;

const docs = [
  ...readdirSync(new URL('../docs/', import.meta.url))
    .filter((file) => file.endsWith('.md'))
    .sort()
    .map((file) => `docs/${file}`),
  'README.md',
];
const blocks = docs.flatMap((file) =>
  markdownCodeBlocks({ markdown: readFileSync(new URL(`../${file}`, import.meta.url), 'utf8'), file }),
);

describe('the TypeScript examples in docs/ and the README', () => {
  const { modules, problems } = exampleModules({ blocks, repositoryRoot });

  it('are found and marked with words the check knows', () => {
    expect(problems).toEqual([]);
    expect(modules.length).toBeGreaterThanOrEqual(4);
  });

  it('compile against the code they describe', { timeout: compileTimeoutMs }, () => {
    expect(typeCheckExampleModules({ modules, repositoryRoot })).toEqual([]);
  });
});

describe('the TypeScript example check', () => {
  const check = (markdown: string) => {
    const { modules, problems } = exampleModules({
      blocks: markdownCodeBlocks({ markdown, file: 'docs/sample.md' }),
      repositoryRoot,
    });
    return [...problems, ...typeCheckExampleModules({ modules, repositoryRoot })];
  };

  it('names the doc and the line of a type error, in a block of its own and in one that continues', {
    timeout: compileTimeoutMs,
  }, () => {
    const markdown = [
      '# Sample', // 1
      '',
      '```ts', // 3
      "import { clampWidgetHeight } from '@drawbridge/protocol';",
      'const height: number = clampWidgetHeight(500);',
      '```',
      '',
      '```ts continues', // 8
      'const wrong: string = height;',
      '```',
      '',
      '```ts', // 12
      "const alone: number = 'text';",
      '```',
    ].join('\n');
    expect(check(markdown)).toEqual([
      expect.stringMatching(/^docs\/sample\.md:9: Type 'number' is not assignable to type 'string'/),
      expect.stringMatching(/^docs\/sample\.md:13: Type 'string' is not assignable to type 'number'/),
    ]);
  });

  it('adds an adds-to= block to the end of an existing file, which the other examples then import', {
    timeout: compileTimeoutMs,
  }, () => {
    const markdown = [
      '```ts at=packages/protocol/src/render-tools/sample-schema.ts', // 1
      'export const sampleLimit = 3;',
      '```',
      '```ts adds-to=packages/protocol/src/render-tools/index.ts', // 4
      "export * from './sample-schema.ts';",
      '```',
      '```ts', // 7
      "import { sampleLimit } from '@drawbridge/protocol';",
      'export const limit: number = sampleLimit;',
      'export const wrong: string = sampleLimit;',
      '```',
    ].join('\n');
    expect(check(markdown)).toEqual([
      expect.stringMatching(/^docs\/sample\.md:10: Type 'number' is not assignable to type 'string'/),
    ]);
  });

  it('resolves relative imports from where at= places a block, and refuses words it does not know', {
    timeout: compileTimeoutMs,
  }, () => {
    const markdown = [
      '```ts at=packages/protocol/src/sample-example.ts',
      "import { clampWidgetHeight } from './widget-height.ts';",
      'export const height: number = clampWidgetHeight(10);',
      '```',
      '```ts fragment',
      'export {};',
      '```',
      '```ts continues',
      'export const later = 1;',
      '```',
    ].join('\n');
    expect(check(markdown)).toEqual([
      'docs/sample.md:5: "fragment" is not a word a TypeScript example takes (at=<path>, adds-to=<path>, continues, same-as=<path>)',
    ]);
  });

  it('holds a same-as= block to the file it names, word for word, without compiling it here', () => {
    const file = readFileSync(
      new URL('../examples/copilotkit/telemetry-off.ts', import.meta.url),
      'utf8',
    ).trimEnd();
    const secondBlockLine = file.split('\n').length + 3;
    const { modules, problems } = exampleModules({
      blocks: markdownCodeBlocks({
        markdown: [
          '```ts same-as=examples/copilotkit/telemetry-off.ts',
          file,
          '```',
          '```ts same-as=examples/copilotkit/telemetry-off.ts',
          `${file}\nconst added: string = 1;`,
          '```',
        ].join('\n'),
        file: 'docs/sample.md',
      }),
      repositoryRoot,
    });
    expect(modules).toEqual([]);
    expect(problems).toEqual([
      `docs/sample.md:${secondBlockLine}: the block is not examples/copilotkit/telemetry-off.ts as it stands in the repository`,
    ]);
  });
});
