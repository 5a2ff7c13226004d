// @vitest-environment happy-dom

import { describe, expect, it } from 'vitest';
import { Stage } from './stage.ts';
import type { ThreeNamespace } from './stage-types.ts';

/** Just enough of three.js for the stage to mount: nothing is drawn here, only sizes are read. */
const fakeThree = (() => {
  const vector = () => ({ set() {} });
  class Object3D {
    position = vector();
  }
  return {
    Scene: class extends Object3D {
      background: unknown;
      add() {}
    },
    PerspectiveCamera: class extends Object3D {
      aspect = 1;
      updateProjectionMatrix() {}
      lookAt() {}
    },
    WebGLRenderer: class {
      setPixelRatio() {}
      setSize() {}
      setClearColor() {}
      render() {}
      dispose() {}
      forceContextLoss() {}
    },
    HemisphereLight: Object3D,
    DirectionalLight: Object3D,
    Color: class {},
  } as unknown as ThreeNamespace;
})();

/**
 * A widget of a heading (100 px) and a canvas whose CSS makes it 300 px tall, in a frame `innerHeight` tall:
 * layout is faked, the root's height follows the canvas's inline height as a browser's would.
 */
function stageInFrame(innerHeight: number) {
  const root = document.createElement('div');
  const canvas = document.createElement('canvas');
  root.append(canvas);
  document.body.replaceChildren(root);
  const canvasHeight = () => (canvas.style.height === '' ? 300 : Number.parseFloat(canvas.style.height));
  canvas.getBoundingClientRect = () => ({ height: canvasHeight(), width: 600 }) as DOMRect;
  root.getBoundingClientRect = () => ({ height: 100 + canvasHeight() }) as DOMRect;
  const resizeListeners: Array<() => void> = [];
  const frameWindow = {
    innerHeight,
    devicePixelRatio: 1,
    getComputedStyle: () => ({ height: '300px' }),
    requestAnimationFrame: () => 0,
    cancelAnimationFrame: () => {},
    addEventListener: (type: string, listener: () => void) =>
      type === 'resize' && resizeListeners.push(listener),
  };
  const stage = new Stage({ window: frameWindow as unknown as Window, root });
  let layoutChanges = 0;
  stage.onLayoutChanged = () => {
    layoutChanges += 1;
  };
  const handle = stage.mount({ THREE: fakeThree, canvas });
  const resizeTo = (height: number) => {
    frameWindow.innerHeight = height;
    for (const listener of resizeListeners) listener();
  };
  return { stage, canvas, handle, resizeTo, layoutChanges: () => layoutChanges };
}

describe('Stage filling a fullscreen frame', () => {
  it('grows the canvas by the height the widget leaves free, and gives it back', () => {
    const { stage, canvas, layoutChanges } = stageInFrame(800);
    stage.setFill(true);
    expect(canvas.style.height).toBe('700px');
    expect(layoutChanges()).toBe(1);
    stage.setFill(false);
    expect(canvas.style.height).toBe('');
  });

  it("refits from the canvas's own height when the screen changes, never growing on its own growth", () => {
    const { stage, canvas, resizeTo } = stageInFrame(800);
    stage.setFill(true);
    resizeTo(800);
    expect(canvas.style.height).toBe('700px');
    resizeTo(600);
    expect(canvas.style.height).toBe('500px');
    stage.setFill(false);
    resizeTo(900);
    expect(canvas.style.height).toBe('');
  });

  it("leaves a canvas alone outside fullscreen, and gives a disposed stage's canvas its height back", () => {
    const { canvas, resizeTo } = stageInFrame(800);
    resizeTo(1200);
    expect(canvas.style.height).toBe('');
    const filling = stageInFrame(800);
    filling.stage.setFill(true);
    filling.handle.dispose();
    filling.stage.setFill(true);
    expect(filling.canvas.style.height).toBe('');
  });
});
