import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { frameDistributionFiles } from '@drawbridge/frame';
import { webDistributionDirectory } from './web-distribution-directory.ts';

/** Folders the app serves files from. */
export interface AppPaths {
  /** `dist/` of `@drawbridge/web`: the built chat app; undefined when the app is not installed. */
  webDistDirectory: string | undefined;
  /** `packages/frame/dist`: frame.html, runtime.js, three-bundle.js. */
  frameDistDirectory: string;
  /** The root of the installed `three` package. */
  threeDirectory: string;
}

/** The folders of the installed packages, found by Node's module resolution. */
export function defaultAppPaths(): AppPaths {
  // `three` resolves to <root>/build/three.module.js; two levels up is the package root.
  const threeEntry = fileURLToPath(import.meta.resolve('three'));
  return {
    webDistDirectory: webDistributionDirectory(),
    frameDistDirectory: dirname(fileURLToPath(frameDistributionFiles.runtime)),
    threeDirectory: dirname(dirname(threeEntry)),
  };
}
