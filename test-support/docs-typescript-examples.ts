import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import type { MarkdownCodeBlock } from './markdown-code-blocks.ts';

/**
 * TypeScript examples in the docs compile against the code they describe. Each ```` ```ts ```` or
 * ```` ```tsx ```` block is a module of its own, type-checked with the project's compiler options. Words after
 * the language place or join it:
 * - `at=<path>`: the module stands at that path in the repository (so its relative imports resolve as they would
 *   in that folder); by default it stands in `docs/` and imports what it uses by package name, as a team would;
 * - `continues`: the block goes on from the TypeScript block before it in the same file (one module, so a
 *   tutorial's later step sees what an earlier one declared);
 * - `adds-to=<path>`: the block is added at the end of that existing file (a tutorial's "export it from the
 *   folder's index"), and the other examples see the file with it;
 * - `same-as=<path>`: the block is that file of the repository, word for word, and is not compiled here: for an
 *   example app's file that only compiles against the dependencies the app installs itself (its own test
 *   type-checks it there, e.g. examples/copilotkit's server, whose `@ag-ui/client` is CopilotKit's).
 */

const typescriptLanguages = new Set(['ts', 'tsx', 'typescript']);

/** One module made of one or more blocks, and where each block's lines start in it. */
interface ExampleModule {
  /** The doc its blocks come from. */
  docFile: string;
  path: string;
  /** True for `adds-to=`: the text follows the existing file's own. */
  addsToExisting: boolean;
  text: string;
  /** For each block: its first line in the module (0-based) and in its doc. */
  parts: Array<{ moduleLine: number; block: MarkdownCodeBlock }>;
}

/** The modules the TypeScript blocks of one doc make, or the problems in how the blocks are marked. */
export function exampleModules({
  blocks,
  repositoryRoot,
}: {
  blocks: readonly MarkdownCodeBlock[];
  repositoryRoot: string;
}): { modules: ExampleModule[]; problems: string[] } {
  const modules: ExampleModule[] = [];
  const problems: string[] = [];
  for (const block of blocks) {
    if (!typescriptLanguages.has(block.language)) continue;
    let at: string | undefined;
    let addsTo: string | undefined;
    let continues = false;
    let sameAs: string | undefined;
    for (const word of block.words) {
      if (word === 'continues') continues = true;
      else if (word.startsWith('at=')) at = word.slice('at='.length);
      else if (word.startsWith('adds-to=')) addsTo = word.slice('adds-to='.length);
      else if (word.startsWith('same-as=')) sameAs = word.slice('same-as='.length);
      else
        problems.push(
          `${block.location}: "${word}" is not a word a TypeScript example takes (at=<path>, adds-to=<path>, continues, same-as=<path>)`,
        );
    }
    if (sameAs !== undefined) {
      const file = readFileSync(resolve(repositoryRoot, sameAs), 'utf8');
      if (file.trimEnd() !== block.text.trimEnd())
        problems.push(`${block.location}: the block is not ${sameAs} as it stands in the repository`);
      continue;
    }
    const docFile = block.location.split(':')[0] ?? '';
    const previous = modules.at(-1);
    if (continues) {
      if (previous === undefined || previous.docFile !== docFile) {
        problems.push(`${block.location}: "continues", but no TypeScript block comes before it in this file`);
        continue;
      }
      const moduleLine = previous.text.split('\n').length;
      previous.text = `${previous.text}\n${block.text}`;
      previous.parts.push({ moduleLine, block });
      if (block.language === 'tsx' && !previous.path.endsWith('x')) previous.path = `${previous.path}x`;
      continue;
    }
    const extension = block.language === 'tsx' ? 'tsx' : 'ts';
    const name = `${docFile.replaceAll('/', '-')}-${block.firstLine - 1}.example.${extension}`;
    const placed = addsTo ?? at;
    modules.push({
      docFile,
      path: placed === undefined ? join(repositoryRoot, 'docs', name) : resolve(repositoryRoot, placed),
      addsToExisting: addsTo !== undefined,
      text: block.text,
      parts: [{ moduleLine: 0, block }],
    });
  }
  return { modules, problems };
}

/**
 * The files the examples import, parsed once for every check in a process: the packages' sources and their
 * types do not change while the tests run, and parsing them is most of a check's time.
 */
const parsedFiles = new Map<string, ts.SourceFile>();

/**
 * The project's compiler options, as `npm run check` uses them: `tsconfig.json`'s, whose `drawbridge-source`
 * condition resolves our packages to their sources, so no build is needed.
 */
function projectCompilerOptions(repositoryRoot: string): ts.CompilerOptions {
  const configPath = join(repositoryRoot, 'tsconfig.json');
  const read = ts.readConfigFile(configPath, ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, repositoryRoot);
  return { ...parsed.options, noEmit: true };
}

/** Type-checks the modules together; each problem names the doc and line it comes from. */
export function typeCheckExampleModules({
  modules,
  repositoryRoot,
}: {
  modules: readonly ExampleModule[];
  repositoryRoot: string;
}): string[] {
  const options = projectCompilerOptions(repositoryRoot);
  const byPath = new Map(
    modules.map((module) => {
      if (!module.addsToExisting) return [resolve(module.path), module];
      // The file's own lines come first; the example's lines are counted from after them.
      const existing = readFileSync(module.path, 'utf8');
      const shift = existing.split('\n').length;
      const parts = module.parts.map((part) => ({ ...part, moduleLine: part.moduleLine + shift }));
      return [resolve(module.path), { ...module, text: `${existing}\n${module.text}`, parts }];
    }),
  );
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (path) => byPath.has(resolve(path)) || fileExists.call(host, path);
  host.readFile = (path) => byPath.get(resolve(path))?.text ?? readFile.call(host, path);
  host.getSourceFile = (path, languageVersion, ...rest) => {
    const module = byPath.get(resolve(path));
    if (module !== undefined) return ts.createSourceFile(path, module.text, languageVersion, true);
    const cached = parsedFiles.get(path);
    if (cached !== undefined) return cached;
    const parsed = getSourceFile.call(host, path, languageVersion, ...rest);
    if (parsed !== undefined) parsedFiles.set(path, parsed);
    return parsed;
  };
  const program = ts.createProgram({ rootNames: [...byPath.keys()], options, host });
  const problems: Array<{ docFile: string; line: number; message: string }> = [];
  for (const diagnostic of ts.getPreEmitDiagnostics(program)) {
    const module = diagnostic.file === undefined ? undefined : byPath.get(resolve(diagnostic.file.fileName));
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    if (module === undefined || diagnostic.file === undefined || diagnostic.start === undefined) {
      // A problem outside the examples (a library, the options) would hide theirs; it is reported as it is.
      problems.push({ docFile: '', line: 0, message });
      continue;
    }
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    const part = module.parts.findLast(({ moduleLine }) => moduleLine <= line);
    if (part === undefined) {
      // In the lines of the file an `adds-to=` example extends, not in the example.
      problems.push({ docFile: '', line: 0, message: `${module.path}:${line + 1}: ${message}` });
      continue;
    }
    const docLine = part.block.firstLine + line - part.moduleLine;
    problems.push({ docFile: module.docFile, line: docLine, message });
  }
  return problems
    .sort((left, right) => left.docFile.localeCompare(right.docFile) || left.line - right.line)
    .map(({ docFile, line, message }) => (docFile === '' ? message : `${docFile}:${line}: ${message}`));
}
