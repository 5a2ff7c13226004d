import type { LoadedThree } from '../kit/load-three.ts';
import { inlineModules } from './inline-modules.ts';
import { loadInlineModule } from './load-inline-module.ts';

/**
 * The kit's `loadThree` inside the MCP view (build.mjs swaps it in for `kit/load-three.ts` when it builds
 * `kit-global.js`): the view can fetch nothing, so three.js is the copy the document carries inert, run now.
 */
export async function loadThree(): Promise<LoadedThree> {
  loadInlineModule('three');
  const THREE = (globalThis as Record<string, unknown>)[inlineModules.three.globalName] as
    | LoadedThree['THREE']
    | undefined;
  if (THREE === undefined) throw new Error('three.js is not in this view');
  return { THREE, OrbitControls: THREE.OrbitControls as LoadedThree['OrbitControls'] };
}
