import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RenderToolDefinition } from '@drawbridge/protocol';
import { describe, expect, it } from 'vitest';
import { loadModelScript } from '../packages/server/src/models/script/load-model-script.ts';
import { countCodeLines } from './count-code-lines.ts';

/**
 * What examples/ promises without a browser (e2e/examples.test.ts runs them from the packed tarballs): each
 * installs from npm's cache as the repository's `npm ci` filled it, its weather card accepts what the demo
 * model sends, and examples/README.md counts the lines a team writes as they are.
 */

const repositoryRoot = fileURLToPath(new URL('../', import.meta.url));
const examplesDirectory = join(repositoryRoot, 'examples');

type Role = 'mount' | 'page' | 'tool' | 'build';

/** Every TypeScript file of each example, and what it is for a team. */
const exampleFiles: Record<string, Array<[file: string, role: Role]>> = {
  'express-vite': [
    ['server.ts', 'mount'],
    ['src/main.tsx', 'page'],
    ['src/chat.tsx', 'page'],
    ['src/weather-tool.ts', 'tool'],
    ['src/weather-card.tsx', 'tool'],
    ['vite.config.ts', 'build'],
  ],
  hono: [
    ['server.ts', 'mount'],
    ['src/main.tsx', 'page'],
    ['src/chat.tsx', 'page'],
    ['src/weather-tool.ts', 'tool'],
    ['src/weather-card.tsx', 'tool'],
    ['vite.config.ts', 'build'],
  ],
  copilotkit: [
    ['server.ts', 'mount'],
    ['telemetry-off.ts', 'mount'],
    ['src/main.tsx', 'page'],
    ['src/weather-tool.ts', 'tool'],
    ['src/weather-card.tsx', 'tool'],
    ['vite.config.ts', 'build'],
  ],
  nextjs: [
    ['app/api/assistant/[...drawbridge]/route.ts', 'mount'],
    ['next.config.ts', 'mount'],
    ['app/layout.tsx', 'page'],
    ['app/page.tsx', 'page'],
    ['app/chat.tsx', 'page'],
    ['app/weather-tool.ts', 'tool'],
    ['app/weather-card.tsx', 'tool'],
  ],
};

/** Where each example's shared definition of its weather card lives. */
const weatherToolFile: Record<string, string> = {
  copilotkit: 'src/weather-tool.ts',
  'express-vite': 'src/weather-tool.ts',
  hono: 'src/weather-tool.ts',
  nextjs: 'app/weather-tool.ts',
};

const generatedOrInstalled = new Set(['node_modules', 'dist', '.next', 'data', 'next-env.d.ts']);

function typeScriptFiles(directory: string): string[] {
  return readdirSync(directory, { recursive: true, encoding: 'utf8' })
    .filter((path) => /\.tsx?$/.test(path))
    .filter((path) => !path.split('/').some((segment) => generatedOrInstalled.has(segment)))
    .sort();
}

function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

const examples = readdirSync(examplesDirectory, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/** The tables of examples/README.md between its `lines:start` and `lines:end` markers. */
function lineCountTables(): string {
  const roleNames: Record<Role, string> = {
    mount: 'mounts Drawbridge in the server',
    page: 'the page with the chat',
    tool: 'the weather card (your own tool)',
    build: 'build configuration',
  };
  const fileRows: string[] = [];
  const totalRows: string[] = [];
  for (const [example, files] of Object.entries(exampleFiles)) {
    const totals: Record<Role, number> = { mount: 0, page: 0, tool: 0, build: 0 };
    for (const [file, role] of files) {
      const lines = countCodeLines(readFileSync(join(examplesDirectory, example, file), 'utf8'));
      totals[role] += lines;
      fileRows.push(`| ${example} | \`${file}\` | ${roleNames[role]} | ${lines} |`);
    }
    totalRows.push(
      `| ${example} | ${totals.mount} | ${totals.page} | **${totals.mount + totals.page}** | ${totals.tool} |`,
    );
  }
  return [
    '| example | integration: mount | integration: page | integration total | weather tool |',
    '| --- | ---: | ---: | ---: | ---: |',
    ...totalRows,
    '',
    '| example | file | what | lines |',
    '| --- | --- | --- | ---: |',
    ...fileRows,
  ].join('\n');
}

describe('examples/', () => {
  it('lists every TypeScript file of every example, and no file that is not there', () => {
    expect(examples).toEqual(Object.keys(exampleFiles).sort());
    for (const [example, files] of Object.entries(exampleFiles)) {
      expect(typeScriptFiles(join(examplesDirectory, example))).toEqual(files.map(([file]) => file).sort());
    }
  });

  it('README.md counts the lines a team writes as they are now', () => {
    const readme = readFileSync(join(examplesDirectory, 'README.md'), 'utf8');
    const counted = /<!-- lines:start -->\n([\s\S]*?)\n<!-- lines:end -->/.exec(readme)?.[1];
    expect(counted).toBe(lineCountTables());
  });

  it.each(examples)('%s pins what it installs to the versions the repository’s lock holds', (example) => {
    const lock = readJson<{ packages: Record<string, { version?: string }> }>(
      join(repositoryRoot, 'package-lock.json'),
    );
    const manifest = readJson<{
      dependencies?: Record<string, string>;
      devDependencies?: Record<string, string>;
    }>(join(examplesDirectory, example, 'package.json'));
    const wanted = { ...manifest.dependencies, ...manifest.devDependencies };
    for (const [name, range] of Object.entries(wanted)) {
      if (name.startsWith('@drawbridge/')) {
        const folder = name.slice('@drawbridge/'.length);
        const { version } = readJson<{ version: string }>(
          join(repositoryRoot, 'packages', folder, 'package.json'),
        );
        expect({ name, range }).toEqual({ name, range: `^${version}` });
        continue;
      }
      // Exactly a version `npm ci` installed here, so the tarball test's `npm install` finds it in the cache: the
      // top-level one, or one a dependency has of its own (examples/copilotkit's @ag-ui/client is CopilotKit's).
      const installed = Object.entries(lock.packages)
        .filter(([path]) => path === `node_modules/${name}` || path.endsWith(`/node_modules/${name}`))
        .map(([, entry]) => entry.version);
      expect({ name, range, installed: installed.includes(range) }).toEqual({ name, range, installed: true });
    }
  });

  it.each(Object.keys(weatherToolFile))(
    '%s declares the weather card the demo model calls, and its schema takes the call',
    async (example) => {
      const { weatherCard } = (await import(join(examplesDirectory, example, weatherToolFile[example]!))) as {
        weatherCard: RenderToolDefinition;
      };
      const script = loadModelScript(
        join(repositoryRoot, 'packages/server/src/models/demo/replies/render-weather-paris.jsonl'),
      );
      const calls = script.steps.flatMap((step) => step.parts.filter((part) => part.type === 'tool-call'));
      expect(calls.map((call) => call.toolName)).toEqual([weatherCard.name]);
      for (const call of calls) expect(weatherCard.schema.safeParse(call.input).success).toBe(true);
    },
  );

  it('keeps one weather card definition: each example holds the same copy', () => {
    const copies = Object.keys(weatherToolFile).map((example) =>
      readFileSync(join(examplesDirectory, example, weatherToolFile[example]!), 'utf8'),
    );
    expect(new Set(copies).size).toBe(1);
  });
});
