import type { OrbitControlsConstructor, ThreeNamespace } from '../runtime/stage-types.ts';

/** three.js and the one addon the stage uses. */
export interface LoadedThree {
  THREE: ThreeNamespace & Record<string, unknown>;
  OrbitControls: OrbitControlsConstructor;
}

/**
 * three.js as the frame serves it, fetched on first use: the specifiers resolve through the document's import
 * map (the frame's `/vendor/three/…`, an export's `data:` modules), the same module a widget's own
 * `import * as THREE from 'three'` gets, so the kit bundles no copy (build.mjs keeps `three` external). The MCP
 * view, which can fetch nothing, builds the kit with its own version of this file (`mcp-app-view/load-inline-three.ts`).
 */
export async function loadThree(): Promise<LoadedThree> {
  const [THREE, addon] = await Promise.all([
    import('three'),
    import('three/addons/controls/OrbitControls.js'),
  ]);
  return { THREE, OrbitControls: addon.OrbitControls };
}
