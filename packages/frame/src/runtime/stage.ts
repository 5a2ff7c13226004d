import type { StageFrameInfo, StageHandle, StageMountOptions } from './stage-types.ts';

/**
 * The 3D stage (`window.stage`): generated code brings a scene, the stage owns everything that
 * is easy to get wrong — renderer, camera, lights, pixel ratio, resizing without a growth loop,
 * the single animation loop, pausing off-screen, filling the screen in fullscreen, and releasing
 * the WebGL context.
 */

const maximumDelta = 0.1;

export class Stage {
  private readonly window: Window;
  private readonly root: Element | null;
  private visible = true;
  private readonly visibilityListeners = new Set<(visible: boolean) => void>();
  private readonly canvases = new Set<HTMLCanvasElement>();
  private filling = false;
  /** Each grown canvas and the inline height it had before, to put back. */
  private readonly heightsBeforeFill = new Map<HTMLCanvasElement, string>();
  /** Called after the stage changed the widget's layout (its canvases grew or shrank back). */
  onLayoutChanged: (() => void) | undefined;

  constructor({ window: target, root = null }: { window: Window; root?: Element | null }) {
    this.window = target;
    this.root = root;
    target.addEventListener('resize', () => {
      if (this.filling) this.fit();
    });
  }

  /** Sets up renderer, camera, lights and loop on the widget's canvas. */
  mount(options: StageMountOptions): StageHandle {
    const { THREE, OrbitControls, canvas } = options;
    const renderer = new THREE.WebGLRenderer({ canvas, antialias: true, alpha: true });
    renderer.setPixelRatio(Math.min(this.window.devicePixelRatio || 1, 2));
    const scene = new THREE.Scene();
    if (options.background === undefined) renderer.setClearColor(0x000000, 0);
    else scene.background = new THREE.Color(options.background);
    const camera = new THREE.PerspectiveCamera(50, 1, 0.1, 1000);
    camera.position.set(...(options.cameraPosition ?? [3, 2, 4]));
    camera.lookAt(0, 0, 0);
    const sky = new THREE.HemisphereLight(0xffffff, 0x444455, 1.2);
    const sun = new THREE.DirectionalLight(0xffffff, 1.6);
    sun.position.set(5, 8, 6);
    scene.add(sky, sun);
    const controls =
      OrbitControls !== undefined && options.controls !== false
        ? new OrbitControls(camera, canvas)
        : undefined;
    if (controls !== undefined) controls.enableDamping = true;

    const frameCallbacks: Array<(frame: StageFrameInfo) => void> = [];
    const disposeCallbacks: Array<() => void> = [];
    let elapsed = 0;
    let previousTime: number | undefined;
    let animationFrame: number | undefined;
    let disposed = false;

    // The canvas takes the width of its parent and keeps the height its CSS or attribute gave it;
    // nothing here reads the frame height, so resizing the iframe cannot feed back into the canvas.
    // A canvas without a CSS height would scale its height with the new width (intrinsic aspect
    // ratio), so its attribute height is pinned before the width becomes 100%.
    const heightFromAttribute = this.window.getComputedStyle(canvas).height === `${canvas.height}px`;
    if (canvas.style.height === '' && heightFromAttribute) canvas.style.height = `${canvas.height}px`;
    canvas.style.display = 'block';
    canvas.style.width = '100%';
    const resize = () => {
      const width = Math.max(1, canvas.clientWidth);
      const height = Math.max(1, canvas.clientHeight);
      renderer.setSize(width, height, false);
      camera.aspect = width / height;
      camera.updateProjectionMatrix();
      if (animationFrame === undefined) renderer.render(scene, camera);
    };
    const observer = new ResizeObserver(resize);
    observer.observe(canvas.parentElement ?? canvas);
    this.canvases.add(canvas);

    const tick = (time: number) => {
      animationFrame = undefined;
      const delta = previousTime === undefined ? 0 : Math.min(maximumDelta, (time - previousTime) / 1000);
      previousTime = time;
      elapsed += delta;
      for (const callback of frameCallbacks) callback({ delta, elapsed });
      controls?.update();
      renderer.render(scene, camera);
      start();
    };
    const start = () => {
      if (disposed || !this.visible || animationFrame !== undefined) return;
      animationFrame = this.window.requestAnimationFrame(tick);
    };
    const stop = () => {
      if (animationFrame !== undefined) this.window.cancelAnimationFrame(animationFrame);
      animationFrame = undefined;
      previousTime = undefined;
    };
    const onVisibility = (visible: boolean) => (visible ? start() : stop());
    this.visibilityListeners.add(onVisibility);

    const handle: StageHandle = {
      scene,
      camera,
      renderer,
      controls,
      add: (...objects) => {
        scene.add(...objects);
      },
      onFrame: (callback) => {
        frameCallbacks.push(callback);
      },
      onDispose: (callback) => {
        disposeCallbacks.push(callback);
      },
      dispose: () => {
        if (disposed) return;
        disposed = true;
        stop();
        observer.disconnect();
        this.visibilityListeners.delete(onVisibility);
        this.canvases.delete(canvas);
        for (const callback of disposeCallbacks) callback();
        controls?.dispose();
        renderer.dispose();
        renderer.forceContextLoss();
      },
    };
    resize();
    start();
    if (this.filling) this.fit();
    return handle;
  }

  /**
   * In fullscreen the frame is as tall as the screen, and a canvas sized for the transcript would leave most of
   * it blank: while `fill` is on, the stages' canvases share the height the widget leaves free (and give it
   * back when it is off). A canvas's height never follows the frame otherwise, so no growth loop can start.
   */
  setFill(fill: boolean): void {
    this.filling = fill;
    this.fit();
  }

  /** Puts every canvas back at its own height, then, while filling, shares out the height the widget leaves free. */
  private fit(): void {
    for (const [canvas, height] of this.heightsBeforeFill) canvas.style.height = height;
    this.heightsBeforeFill.clear();
    const canvases = [...this.canvases].filter((canvas) => canvas.isConnected);
    if (this.filling && this.root !== null && canvases.length > 0) {
      const spare = Math.floor(this.window.innerHeight - this.root.getBoundingClientRect().height);
      const share = Math.floor(spare / canvases.length);
      if (share > 0) {
        for (const canvas of canvases) {
          const height = canvas.getBoundingClientRect().height;
          this.heightsBeforeFill.set(canvas, canvas.style.height);
          canvas.style.height = `${Math.floor(height + share)}px`;
        }
      }
    }
    this.onLayoutChanged?.();
  }

  /** Pauses or resumes every animation loop (the host says whether the widget is on screen). */
  setVisible(visible: boolean): void {
    this.visible = visible;
    for (const listener of this.visibilityListeners) listener(visible);
  }
}
