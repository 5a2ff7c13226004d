// @vitest-environment happy-dom

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StageFrameInfo, StageMountOptions } from '../runtime/stage-types.ts';
import { fail } from './widget-helpers.ts';

/** Just enough of three.js for the kit's side of the stage: objects that can be added, walked and disposed. */
class FakeDisposable {
  disposals = 0;
  isTexture = false;
  dispose() {
    this.disposals += 1;
  }
}
class FakeObject {
  children: FakeObject[] = [];
  rotation = { x: 0, y: 0, z: 0 };
  add(...objects: FakeObject[]) {
    this.children.push(...objects);
  }
  traverse(visit: (object: FakeObject) => void) {
    visit(this);
    for (const child of this.children) child.traverse(visit);
  }
}
class FakeMesh extends FakeObject {
  readonly geometry: FakeDisposable;
  readonly material: FakeDisposable | FakeDisposable[];
  constructor(geometry: FakeDisposable, material: FakeDisposable | FakeDisposable[]) {
    super();
    this.geometry = geometry;
    this.material = material;
  }
}
class FakeMaterial extends FakeDisposable {
  map: FakeDisposable | null = null;
}
class FakeOrbitControls {}
const fakeThree = {
  Mesh: FakeMesh,
  Group: FakeObject,
  BoxGeometry: FakeDisposable,
  MeshStandardMaterial: FakeMaterial,
};

vi.mock('./load-three.ts', () => ({
  loadThree: async () => ({ THREE: fakeThree, OrbitControls: FakeOrbitControls }),
}));
const { stage } = await import('./stage.ts');
// Under happy-dom `import.meta.url` is not a file URL; the directory is still known.
const kitDirectory = import.meta.dirname;

/** The runtime's `window.stage`, recording what it was asked and letting a test run its frames and dispose. */
function installFrameStage() {
  const mounts: StageMountOptions[] = [];
  const frameCallbacks: Array<(frame: StageFrameInfo) => void> = [];
  const disposeCallbacks: Array<() => void> = [];
  const scene = new FakeObject();
  const mount = (options: StageMountOptions) => {
    mounts.push(options);
    return {
      scene,
      camera: {},
      renderer: {},
      controls: undefined,
      add: (...objects: FakeObject[]) => scene.add(...objects),
      onFrame: (callback: (frame: StageFrameInfo) => void) => frameCallbacks.push(callback),
      onDispose: (callback: () => void) => disposeCallbacks.push(callback),
      dispose: () => {
        for (const callback of disposeCallbacks) callback();
      },
    };
  };
  Object.defineProperty(window, 'stage', { value: { mount }, configurable: true });
  return {
    mounts,
    scene,
    /** One animation frame of the runtime's loop, `delta` seconds after the last. */
    frame: (delta: number) => {
      for (const callback of frameCallbacks) callback({ delta, elapsed: Number.NaN });
    },
  };
}

/** Makes the user's reduced-motion setting what the test says. */
function preferReducedMotion(reduce: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) => ({ matches: reduce && query.includes('reduced-motion') }) as MediaQueryList,
  );
}

beforeEach(() => {
  document.body.innerHTML = '<div class="kit"><canvas class="stage"></canvas><p id="text"></p></div>';
  preferReducedMotion(false);
});

afterEach(() => {
  vi.restoreAllMocks();
  Reflect.deleteProperty(window, 'stage');
});

describe('stage', () => {
  it("mounts on the canvas with three.js from the loader, orbit controls and the widget's options", async () => {
    const frameStage = installFrameStage();
    const view = await stage('canvas', { camera: [0, 9, 16], background: 0x060a17 });
    expect(frameStage.mounts).toEqual([
      {
        THREE: fakeThree,
        OrbitControls: FakeOrbitControls,
        canvas: document.querySelector('canvas'),
        cameraPosition: [0, 9, 16],
        background: 0x060a17,
      },
    ]);
    expect(view.THREE).toBe(fakeThree);
    await stage(document.querySelector('canvas')!, { orbit: false });
    expect(frameStage.mounts[1]).toEqual({ THREE: fakeThree, canvas: document.querySelector('canvas') });
  });

  it('refuses what is not a canvas, and a frame without the runtime, saying why', async () => {
    installFrameStage();
    await expect(stage('#text')).rejects.toThrow('kit: stage() draws on a <canvas>');
    await expect(stage('#missing')).rejects.toThrow('kit: no element matches #missing');
    Reflect.deleteProperty(window, 'stage');
    await expect(stage('canvas')).rejects.toThrow('kit: stage() runs inside a Drawbridge frame');
  });

  it('stops time while paused: the callbacks still run, with no delta, and elapsed leaves the pause out', async () => {
    const frameStage = installFrameStage();
    const view = await stage('canvas');
    const frames: StageFrameInfo[] = [];
    view.onFrame((frame) => frames.push(frame));
    expect(view.paused).toBe(false);
    frameStage.frame(0.5);
    view.paused = true;
    frameStage.frame(0.25);
    view.paused = false;
    frameStage.frame(0.1);
    expect(frames).toEqual([
      { delta: 0.5, elapsed: 0.5 },
      { delta: 0, elapsed: 0.5 },
      { delta: 0.1, elapsed: 0.6 },
    ]);
  });

  it('starts paused when the user prefers reduced motion', async () => {
    installFrameStage();
    preferReducedMotion(true);
    expect((await stage('canvas')).paused).toBe(true);
  });

  it('frees every geometry, material and texture in the scene once when disposed, shared or not', async () => {
    installFrameStage();
    const view = await stage('canvas');
    const geometry = new FakeDisposable();
    const material = new FakeMaterial();
    material.map = Object.assign(new FakeDisposable(), { isTexture: true });
    const other = new FakeMaterial();
    const group = new FakeObject();
    group.add(new FakeMesh(geometry, material), new FakeMesh(geometry, [material, other]));
    view.add(group);
    view.dispose();
    expect([geometry, material, material.map, other].map((thing) => thing.disposals)).toEqual([1, 1, 1, 1]);
  });

  it("runs the example of docs/frame.md as a widget's script", async () => {
    const frameStage = installFrameStage();
    const docs = readFileSync(join(kitDirectory, '../../../../docs/frame.md'), 'utf8');
    const section = docs.slice(docs.indexOf("### The kit's 3D stage"));
    const example = /```js\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
    expect(example).toMatch(/^import \{ fail, stage \} from 'kit';\n/);
    const body = example.replace(/^import .*\n/, '');
    const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor;
    await new AsyncFunction('stage', 'fail', body)(stage, fail);
    expect(document.querySelector('.alert')).toBeNull();
    expect(frameStage.mounts).toHaveLength(1);
    frameStage.frame(0.5);
    expect(frameStage.scene.children.map((object) => object.rotation.y)).toEqual([0.5]);
  });
});

describe('the kit module', () => {
  it('imports three.js only when stage() runs, so a widget using the rest of the kit never loads it', async () => {
    const result = await build({
      entryPoints: [join(kitDirectory, 'main.ts')],
      bundle: true,
      write: false,
      metafile: true,
      format: 'esm',
      external: ['three', 'three/*'],
      conditions: ['drawbridge-source'],
      logLevel: 'silent',
    });
    const threeImports = Object.values(result.metafile.outputs)
      .flatMap((output) => output.imports)
      .filter((imported) => imported.path.startsWith('three'));
    expect(threeImports.map(({ path, kind }) => ({ path, kind }))).toEqual([
      { path: 'three', kind: 'dynamic-import' },
      { path: 'three/addons/controls/OrbitControls.js', kind: 'dynamic-import' },
    ]);
  });
});
