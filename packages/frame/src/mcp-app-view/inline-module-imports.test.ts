import { describe, expect, it } from 'vitest';
import { importedInlineModules, rewriteInlineModuleImports } from './inline-module-imports.ts';

describe('rewriteInlineModuleImports', () => {
  it('turns a namespace import into a read of the global', () => {
    expect(rewriteInlineModuleImports("import * as THREE from 'three';\nTHREE.Scene;")).toBe(
      'const THREE = globalThis.__drawbridgeThree;\nTHREE.Scene;',
    );
    expect(rewriteInlineModuleImports('import * as kit from "kit"\nkit.h;')).toBe(
      'const kit = globalThis.__drawbridgeKit;\nkit.h;',
    );
  });

  it('turns named imports, renamed ones included, into a destructuring of the global', () => {
    expect(
      rewriteInlineModuleImports(
        'import { Scene, PerspectiveCamera as Camera } from "three"\nimport {OrbitControls} from \'three/addons/controls/OrbitControls.js\';',
      ),
    ).toBe(
      'const { Scene, PerspectiveCamera: Camera } = globalThis.__drawbridgeThree;\nconst { OrbitControls } = globalThis.__drawbridgeThree;',
    );
    expect(rewriteInlineModuleImports("import { chart, fail as report } from 'kit';\nchart;")).toBe(
      'const { chart, fail: report } = globalThis.__drawbridgeKit;\nchart;',
    );
  });

  it('rewrites a script that imports both modules, each to its own global', () => {
    expect(
      rewriteInlineModuleImports("import * as THREE from 'three';\nimport { h } from 'kit';\nh('p');"),
    ).toBe("const THREE = globalThis.__drawbridgeThree;\nconst { h } = globalThis.__drawbridgeKit;\nh('p');");
  });

  it('drops a bare import and resolves a dynamic one to the global', () => {
    expect(rewriteInlineModuleImports("import 'three';\nconst three = await import('three');")).toBe(
      '\nconst three = await Promise.resolve(globalThis.__drawbridgeThree);',
    );
    expect(rewriteInlineModuleImports('import \'kit\';\nconst kit = await import( "kit" );')).toBe(
      '\nconst kit = await Promise.resolve(globalThis.__drawbridgeKit);',
    );
  });

  it('leaves other imports and a script without an inline module untouched', () => {
    const script =
      "import confetti from 'confetti';\nimport threeish from 'three-ish';\nimport { a } from 'kitchen';\nimport b from './kit';\nlet three = 3;";
    expect(rewriteInlineModuleImports(script)).toBe(script);
    expect(importedInlineModules(script)).toEqual([]);
  });

  it('leaves a default import of the kit as written, to fail as it would anywhere', () => {
    const script = "import kit from 'kit';";
    expect(rewriteInlineModuleImports(script)).toBe(script);
  });

  it('tells which inline modules a script imports', () => {
    expect(importedInlineModules("import * as THREE from 'three';")).toEqual(['three']);
    expect(
      importedInlineModules("import { OrbitControls } from 'three/addons/controls/OrbitControls.js';"),
    ).toEqual(['three']);
    expect(importedInlineModules("const three = await import('three');")).toEqual(['three']);
    expect(importedInlineModules("document.title = 'three';")).toEqual([]);
    expect(importedInlineModules("import { chart, fail } from 'kit';")).toEqual(['kit']);
    expect(importedInlineModules("import * as THREE from 'three';\nimport { h } from 'kit';")).toEqual([
      'three',
      'kit',
    ]);
    expect(importedInlineModules("document.body.className = 'kit';")).toEqual([]);
  });
});
