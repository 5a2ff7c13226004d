/**
 * The modules the MCP view carries inside its document (three.js and the kit), in one table read by the build,
 * the view document, the import rewriting and the loaders. Kept apart from the import patterns so that the kit's
 * view build, which needs only the names, does not carry them.
 */

/** A module the view document carries as inert text, run only for a widget that imports it. */
export interface InlineModule {
  /** The specifiers that name it, as a regular expression source without quotes. */
  specifier: string;
  /** The global its bundle defines (`build.mjs`), a frozen object of its exports. */
  globalName: string;
  /** The id of the `<script type="text/plain">` that carries its bundle in the view document. */
  sourceElementId: string;
}

export const inlineModules = {
  three: {
    specifier: `three(?:/addons/[^'"]*)?`,
    globalName: '__drawbridgeThree',
    sourceElementId: 'three-source',
  },
  kit: { specifier: 'kit', globalName: '__drawbridgeKit', sourceElementId: 'kit-source' },
} as const satisfies Record<string, InlineModule>;

export type InlineModuleName = keyof typeof inlineModules;
