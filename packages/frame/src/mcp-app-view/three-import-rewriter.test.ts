import { describe, expect, it } from 'vitest';
import { importsThree, rewriteThreeImports } from './three-import-rewriter.ts';

describe('rewriteThreeImports', () => {
  it('turns a namespace import into a read of the global', () => {
    expect(rewriteThreeImports("import * as THREE from 'three';\nTHREE.Scene;")).toBe(
      'const THREE = globalThis.__drawbridgeThree;\nTHREE.Scene;',
    );
  });

  it('turns named imports, renamed ones included, into a destructuring of the global', () => {
    expect(
      rewriteThreeImports(
        'import { Scene, PerspectiveCamera as Camera } from "three"\nimport {OrbitControls} from \'three/addons/controls/OrbitControls.js\';',
      ),
    ).toBe(
      'const { Scene, PerspectiveCamera: Camera } = globalThis.__drawbridgeThree;\nconst { OrbitControls } = globalThis.__drawbridgeThree;',
    );
  });

  it('drops a bare import and resolves a dynamic one to the global', () => {
    expect(rewriteThreeImports("import 'three';\nconst three = await import('three');")).toBe(
      '\nconst three = await Promise.resolve(globalThis.__drawbridgeThree);',
    );
  });

  it('leaves other imports and a script without three untouched', () => {
    const script = "import confetti from 'confetti';\nimport threeish from 'three-ish';\nlet three = 3;";
    expect(rewriteThreeImports(script)).toBe(script);
    expect(importsThree(script)).toBe(false);
  });

  it('tells which scripts import three', () => {
    expect(importsThree("import * as THREE from 'three';")).toBe(true);
    expect(importsThree("import { OrbitControls } from 'three/addons/controls/OrbitControls.js';")).toBe(
      true,
    );
    expect(importsThree("const three = await import('three');")).toBe(true);
    expect(importsThree("document.title = 'three';")).toBe(false);
  });
});
