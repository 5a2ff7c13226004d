import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { renderStandaloneHtml } from '@drawbridge/frame';
import { widgetTitle } from '@drawbridge/protocol';
import type { StoredWidget } from '../store/store.ts';
import { HttpError } from './http-error.ts';

/**
 * Renders a stored widget as one self-contained HTML file, inlining the frame runtime and (when the widget
 * imports them) the three.js bundle and the kit's module. The bundles are read once, on the first export.
 */
export function createStandaloneRenderer({
  frameDistDirectory,
}: {
  frameDistDirectory: string;
}): (widget: StoredWidget, options?: { theme?: 'light' | 'reader' }) => Promise<string> {
  let bundles:
    | Promise<{ runtimeSource: string; threeBundleSource: string; kitBundleSource: string }>
    | undefined;
  const loadBundles = async () => {
    try {
      const [runtimeSource, threeBundleSource, kitBundleSource] = await Promise.all([
        readFile(join(frameDistDirectory, 'runtime.js'), 'utf8'),
        readFile(join(frameDistDirectory, 'three-bundle.js'), 'utf8'),
        readFile(join(frameDistDirectory, 'kit.js'), 'utf8'),
      ]);
      return { runtimeSource, threeBundleSource, kitBundleSource };
    } catch {
      // Forget the failure so a build made while the server runs is picked up by the next export.
      bundles = undefined;
      throw new HttpError(404, 'frame_not_built', 'The widget frame is not built yet; run `npm run build`.');
    }
  };
  return async (widget, { theme = 'light' } = {}) => {
    bundles ??= loadBundles();
    const { runtimeSource, threeBundleSource, kitBundleSource } = await bundles;
    return renderStandaloneHtml({
      widget,
      runtimeSource,
      threeBundleSource,
      kitBundleSource,
      title: widgetTitle(widget.html) ?? 'Drawbridge widget',
      theme,
    });
  };
}
