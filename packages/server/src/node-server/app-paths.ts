import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { frameDistributionFiles } from '@drawbridge/frame';

/** Folders the app serves files from. */
export interface AppPaths {
  /** `packages/web/dist`: the built chat app. */
  webDistDirectory: string;
  /** `packages/frame/dist`: frame.html, runtime.js, three-bundle.js. */
  frameDistDirectory: string;
  /** The root of the installed `three` package. */
  threeDirectory: string;
}

/** The folders of this checkout, found from this file's location and Node's module resolution. */
export function defaultAppPaths(): AppPaths {
  // `three` resolves to <root>/build/three.module.js; two levels up is the package root.
  const threeEntry = fileURLToPath(import.meta.resolve('three'));
  return {
    webDistDirectory: fileURLToPath(new URL('../../../web/dist', import.meta.url)),
    frameDistDirectory: dirname(fileURLToPath(frameDistributionFiles.runtime)),
    threeDirectory: dirname(dirname(threeEntry)),
  };
}
