/**
 * The parts of three.js the stage touches, typed structurally: the widget passes its own
 * `THREE` namespace in, so the runtime bundle never contains three.js.
 */

export interface ThreeVector {
  set(x: number, y: number, z: number): unknown;
}

export interface ThreeObject {
  position: ThreeVector;
}

export interface ThreeScene extends ThreeObject {
  background: unknown;
  add(...objects: unknown[]): unknown;
}

export interface ThreeCamera extends ThreeObject {
  aspect: number;
  updateProjectionMatrix(): void;
  lookAt(x: number, y: number, z: number): void;
}

export interface ThreeRenderer {
  setPixelRatio(ratio: number): void;
  setSize(width: number, height: number, updateStyle: boolean): void;
  setClearColor(color: number, alpha: number): void;
  render(scene: ThreeScene, camera: ThreeCamera): void;
  dispose(): void;
  forceContextLoss(): void;
}

export interface ThreeControls {
  enableDamping: boolean;
  update(): unknown;
  dispose(): void;
}

export interface ThreeNamespace {
  Scene: new () => ThreeScene;
  PerspectiveCamera: new (fov: number, aspect: number, near: number, far: number) => ThreeCamera;
  WebGLRenderer: new (parameters: {
    canvas: HTMLCanvasElement;
    antialias: boolean;
    alpha: boolean;
  }) => ThreeRenderer;
  HemisphereLight: new (sky: number, ground: number, intensity: number) => ThreeObject;
  DirectionalLight: new (color: number, intensity: number) => ThreeObject;
  Color: new (color: unknown) => unknown;
}

export type OrbitControlsConstructor = new (camera: ThreeCamera, element: HTMLElement) => ThreeControls;

/** What `window.stage.mount` accepts. */
export interface StageMountOptions {
  THREE: ThreeNamespace;
  OrbitControls?: OrbitControlsConstructor;
  canvas: HTMLCanvasElement;
  /** Any colour three.js accepts; omitted means transparent, so the theme shows through. */
  background?: unknown;
  cameraPosition?: [number, number, number];
  /** `false` leaves the camera fixed even when `OrbitControls` is given. */
  controls?: boolean;
}

export interface StageFrameInfo {
  /** Seconds since the previous frame (capped, so a resumed stage does not jump). */
  delta: number;
  /** Seconds of running time, pauses excluded. */
  elapsed: number;
}

/** What `window.stage.mount` returns. */
export interface StageHandle {
  scene: ThreeScene;
  camera: ThreeCamera;
  renderer: ThreeRenderer;
  controls: ThreeControls | undefined;
  add(...objects: unknown[]): void;
  onFrame(callback: (frame: StageFrameInfo) => void): void;
  onDispose(callback: () => void): void;
  dispose(): void;
}
