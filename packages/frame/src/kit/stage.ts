import type {
  StageFrameInfo,
  StageHandle,
  StageMountOptions,
  ThreeNamespace,
} from '../runtime/stage-types.ts';
import { resolveElement } from './element.ts';
import { loadThree } from './load-three.ts';

/** What `stage(canvas, options)` accepts; every option may be left out. */
export interface StageOptions {
  /** Where the camera stands, looking at the origin (the runtime's default is `[3, 2, 4]`). */
  camera?: [number, number, number];
  /** A fixed colour (anything three.js's `Color` takes). Left out, the canvas is clear and the theme shows. */
  background?: unknown;
  /** `false` fixes the camera; by default the user turns the scene with the mouse, a finger or the wheel. */
  orbit?: boolean;
}

/** A mounted stage: the runtime's handle, three.js itself, and a pause the widget and the user's setting share. */
export interface KitStage extends StageHandle {
  /** The three.js module the frame serves (the same one `import * as THREE from 'three'` gives). */
  THREE: ThreeNamespace & Record<string, unknown>;
  /**
   * While true no time passes for the frame callbacks (`delta` is 0; the user can still turn the scene). It
   * starts true when the user prefers reduced motion, so a widget's play control (`stage.paused = false`) is what
   * sets it moving.
   */
  paused: boolean;
}

interface Disposable {
  dispose(): void;
}

/** The part of a three.js object the stage's dispose walks. */
interface SceneObject {
  geometry?: Disposable;
  material?: Record<string, unknown> | Array<Record<string, unknown>>;
  traverse?(visit: (object: SceneObject) => void): void;
}

const reducedMotion = '(prefers-reduced-motion: reduce)';

/**
 * Mounts a 3D scene on a `<canvas>` in one call: loads three.js (only now, so a widget that imports the kit for
 * anything else never fetches it) and hands it to the frame's stage (`window.stage.mount`), which owns renderer,
 * camera, lights, sizing, the loop and pausing off-screen. `dispose()` also frees every geometry, material and
 * texture left in the scene, so a widget keeps no list of its own.
 */
export async function stage(
  target: HTMLCanvasElement | string,
  options: StageOptions = {},
): Promise<KitStage> {
  const canvas = resolveElement<HTMLElement>(target);
  if (!(canvas instanceof HTMLCanvasElement)) throw new Error('kit: stage() draws on a <canvas>');
  const { THREE, OrbitControls } = await loadThree();
  const mountOptions: StageMountOptions = { THREE, canvas };
  if (options.orbit !== false) mountOptions.OrbitControls = OrbitControls;
  if (options.camera !== undefined) mountOptions.cameraPosition = options.camera;
  if (options.background !== undefined) mountOptions.background = options.background;
  const mounted = frameStage().mount(mountOptions);

  const frameCallbacks: Array<(frame: StageFrameInfo) => void> = [];
  let paused = window.matchMedia?.(reducedMotion).matches ?? false;
  let elapsed = 0;
  // Paused, the callbacks still run, with no time passing: whatever they place from the widget's own state
  // (a slider, a counter) stays drawn where it belongs, and nothing moves on its own.
  mounted.onFrame(({ delta }) => {
    const step = paused ? 0 : delta;
    elapsed += step;
    for (const callback of frameCallbacks) callback({ delta: step, elapsed });
  });
  mounted.onDispose(() => disposeScene(mounted.scene as SceneObject));
  return {
    ...mounted,
    THREE,
    onFrame: (callback) => {
      frameCallbacks.push(callback);
    },
    get paused() {
      return paused;
    },
    set paused(value: boolean) {
      paused = value;
    },
  };
}

/** The runtime's `window.stage`, installed before any widget code runs (the frame, an export, the MCP view). */
function frameStage(): { mount(options: StageMountOptions): StageHandle } {
  const installed = (window as unknown as { stage?: { mount(options: StageMountOptions): StageHandle } })
    .stage;
  if (installed === undefined) throw new Error('kit: stage() runs inside a Drawbridge frame');
  return installed;
}

/** Frees each geometry, material and texture in the scene once, however many meshes share it. */
function disposeScene(scene: SceneObject): void {
  const owned = new Set<Disposable>();
  scene.traverse?.((object) => {
    if (object.geometry !== undefined) owned.add(object.geometry);
    for (const material of [object.material ?? []].flat()) {
      owned.add(material as unknown as Disposable);
      for (const value of Object.values(material)) {
        if ((value as { isTexture?: boolean } | null)?.isTexture === true) owned.add(value as Disposable);
      }
    }
  });
  for (const thing of owned) thing.dispose();
}
