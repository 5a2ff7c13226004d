import type { JsonObject } from './json-pointer.ts';
import type { A2uiComponent } from './v09/a2ui-component-schemas.ts';

/** How a surface asks to look: the catalog's theme (v0.9) or v0.8's `styles`. */
export interface A2uiSurfaceTheme {
  primaryColor?: string;
  agentDisplayName?: string;
  iconUrl?: string;
  font?: string;
}

/**
 * One A2UI surface as its messages built it: components by id (v0.8's normalized to v0.9's shapes), the data
 * model they bind to, and whether it may be drawn yet. A value: applying a message returns a new surface.
 */
export interface A2uiSurface {
  surfaceId: string;
  /** The protocol version its messages were written in; a surface never mixes them. */
  version: '0.8' | '0.9';
  catalogId: string;
  /**
   * The component the tree starts at: `root` in v0.9; in v0.8 the one `beginRendering` names, undefined until
   * it arrives (v0.8 buffers components and data until then, so nothing half-built flashes).
   */
  rootId: string | undefined;
  components: ReadonlyMap<string, A2uiComponent>;
  dataModel: JsonObject;
  theme: A2uiSurfaceTheme;
  /** v0.9 `sendDataModel`: the client sends the whole data model with each action. */
  sendDataModel: boolean;
}

/** Surfaces by id. */
export type A2uiSurfaces = ReadonlyMap<string, A2uiSurface>;

/** The catalog a v0.8 surface uses unless `beginRendering` names another. */
export const a2uiV08StandardCatalogId =
  'https://a2ui.org/specification/v0_8/standard_catalog_definition.json';

/** The catalog id of A2UI v0.9's basic catalog, as the specification names it. */
export const a2uiV09BasicCatalogId = 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json';

/** A surface with nothing in it yet. */
export function emptyA2uiSurface({
  surfaceId,
  version,
  catalogId,
}: Pick<A2uiSurface, 'surfaceId' | 'version' | 'catalogId'>): A2uiSurface {
  return {
    surfaceId,
    version,
    catalogId,
    rootId: version === '0.9' ? 'root' : undefined,
    components: new Map(),
    dataModel: {},
    theme: {},
    sendDataModel: false,
  };
}

/** True when the surface can be drawn: its root is named and defined. */
export function isA2uiSurfaceReady(surface: A2uiSurface): boolean {
  return surface.rootId !== undefined && surface.components.has(surface.rootId);
}
