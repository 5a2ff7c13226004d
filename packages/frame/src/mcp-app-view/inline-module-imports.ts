import { type InlineModule, type InlineModuleName, inlineModules } from './inline-modules.ts';

/**
 * Points a widget script's imports of the modules the view carries inline at those copies: `three` (and
 * `three/addons/…`, whose one served addon is `OrbitControls`) and the kit (`kit`: charts, form helpers, `h`).
 * An MCP host serves the view as one document under a policy that allows inline scripts and nothing else (no
 * `data:`, no `blob:`, no URL of ours), so no import map can resolve either; the view runs each module's bundle
 * as an inline classic script that publishes it on `globalThis`, and the script's import declarations become
 * reads of that global.
 *
 * Only the import forms widget code uses are rewritten: a namespace (`* as THREE`), named bindings
 * (`{ A, B as C }`), a bare `import 'three'` and a dynamic `import('kit')`. Anything else (a default import,
 * which neither module exports) is left as written and fails to load as it would anywhere. The patterns are
 * not a JavaScript parser: an import-shaped line inside a string is rewritten too, which changes that string
 * and nothing the widget's imports depend on.
 */

const inlineModuleNames = Object.keys(inlineModules) as InlineModuleName[];

/** One module's import patterns, each matching the whole statement (and its semicolon). */
function importPatterns({ specifier }: InlineModule) {
  // The quote is the second group in both declaration patterns (the first is the bindings).
  const quoted = String.raw`(['"])${specifier}\2`;
  return {
    uses: new RegExp(String.raw`\bimport\b[^;]*?['"]${specifier}['"]`),
    namespace: new RegExp(
      String.raw`\bimport\s*\*\s*as\s+([A-Za-z_$][\w$]*)\s*from\s*${quoted}[ \t]*;?`,
      'g',
    ),
    named: new RegExp(String.raw`\bimport\s*\{([^}]*)\}\s*from\s*${quoted}[ \t]*;?`, 'g'),
    bare: new RegExp(String.raw`\bimport\s*(['"])${specifier}\1[ \t]*;?`, 'g'),
    dynamic: new RegExp(String.raw`\bimport\s*\(\s*(['"])${specifier}\1\s*\)`, 'g'),
  };
}

const patterns = Object.fromEntries(
  inlineModuleNames.map((name) => [name, importPatterns(inlineModules[name])]),
) as Record<InlineModuleName, ReturnType<typeof importPatterns>>;

/** The inline modules the script imports, so the view runs only the bundles it uses. */
export function importedInlineModules(script: string): InlineModuleName[] {
  return inlineModuleNames.filter((name) => patterns[name].uses.test(script));
}

/** `A, B as C` → `A, B: C`, the same bindings as a destructuring pattern. */
function destructuringOf(bindings: string): string {
  return bindings
    .split(',')
    .map((binding) => binding.trim())
    .filter((binding) => binding !== '')
    .map((binding) => binding.replace(/^([\w$]+)\s+as\s+([\w$]+)$/, '$1: $2'))
    .join(', ');
}

/** The script with its imports of every inline module reading that module's global (`globalThis.__drawbridgeKit`). */
export function rewriteInlineModuleImports(script: string): string {
  return inlineModuleNames.reduce((text, name) => {
    const global = `globalThis.${inlineModules[name].globalName}`;
    const { namespace, named, bare, dynamic } = patterns[name];
    return text
      .replace(namespace, (_match, binding: string) => `const ${binding} = ${global};`)
      .replace(named, (_match, bindings: string) => `const { ${destructuringOf(bindings)} } = ${global};`)
      .replace(bare, '')
      .replace(dynamic, `Promise.resolve(${global})`);
  }, script);
}
