/**
 * Points a widget script's imports of `three` (and of `three/addons/…`, whose one served addon is
 * `OrbitControls`) at the copy of three.js the view carries inline. An MCP host serves the view as one
 * document under a policy that allows inline scripts and nothing else (no `data:`, no `blob:`, no URL of
 * ours), so no import map can resolve `three`; the view runs three.js as an inline classic script that
 * publishes it on `globalThis`, and the module's import declarations become reads of that global.
 *
 * Only the import forms three.js code uses are rewritten: a namespace (`* as THREE`), named bindings
 * (`{ A, B as C }`), a bare `import 'three'` and a dynamic `import('three')`. Anything else (a default
 * import, which three does not export) is left as written and fails to load as it would anywhere. The
 * patterns are not a JavaScript parser: an import-shaped line inside a string is rewritten too, which
 * changes that string and nothing the widget's imports depend on.
 */

/** The global the inline three.js script defines. */
export const threeGlobalName = '__drawbridgeThree';

// The quote is the second group in both declaration patterns (the first is the bindings).
const specifier = String.raw`(['"])three(?:/addons/[^'"]*)?\2`;
const namespaceImport = new RegExp(
  String.raw`\bimport\s*\*\s*as\s+([A-Za-z_$][\w$]*)\s*from\s*${specifier}[ \t]*;?`,
  'g',
);
const namedImport = new RegExp(String.raw`\bimport\s*\{([^}]*)\}\s*from\s*${specifier}[ \t]*;?`, 'g');
const bareImport = /\bimport\s*(['"])three(?:\/addons\/[^'"]*)?\1[ \t]*;?/g;
const dynamicImport = /\bimport\s*\(\s*(['"])three(?:\/addons\/[^'"]*)?\1\s*\)/g;

/** Whether the script imports three.js at all, so the view loads its copy only for scripts that use it. */
export function importsThree(script: string): boolean {
  return /\bimport\b[^;]*?['"]three(?:\/addons\/[^'"]*)?['"]/.test(script);
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

/** The script with its three.js imports reading `globalThis.__drawbridgeThree` instead. */
export function rewriteThreeImports(script: string): string {
  const three = `globalThis.${threeGlobalName}`;
  return script
    .replace(namespaceImport, (_match, name: string) => `const ${name} = ${three};`)
    .replace(namedImport, (_match, bindings: string) => `const { ${destructuringOf(bindings)} } = ${three};`)
    .replace(bareImport, '')
    .replace(dynamicImport, `Promise.resolve(${three})`);
}
