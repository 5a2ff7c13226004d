import {
  type A2uiSurface,
  type A2uiSurfaces,
  a2uiV08StandardCatalogId,
  emptyA2uiSurface,
} from './a2ui-surface.ts';
import { type JsonObject, type JsonValue, pointerTokens, writePointer } from './json-pointer.ts';
import type { A2uiMessage, A2uiProblem } from './parse-a2ui-message.ts';
import type { A2uiV08Message } from './v08/a2ui-v08-schemas.ts';
import { normalizeV08Component } from './v08/normalize-v08-component.ts';
import { v08DataContents } from './v08/v08-data-contents.ts';
import type { A2uiV09Message } from './v09/a2ui-message-schemas.ts';

export type A2uiApplyResult =
  | { success: true; surfaces: A2uiSurfaces }
  | { success: false; problem: A2uiProblem };

function refuse(path: string, message: string): A2uiApplyResult {
  return { success: false, problem: { path, message } };
}

function withSurface(surfaces: A2uiSurfaces, surface: A2uiSurface): A2uiApplyResult {
  const next = new Map(surfaces);
  next.set(surface.surfaceId, surface);
  return { success: true, surfaces: next };
}

function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The data model with `value` at `path` (the whole model for `/`); a root that is not an object is refused. */
function writeData(
  dataModel: JsonObject,
  path: string,
  value: JsonValue | undefined,
): JsonObject | undefined {
  if (pointerTokens(path).length === 0) return value === undefined ? {} : isObject(value) ? value : undefined;
  return writePointer(dataModel, path, value) as JsonObject;
}

/**
 * Applies one validated A2UI message to the surfaces it names and returns the new surfaces; the ones given are
 * never changed. v0.9: `createSurface` opens a surface (again only after `deleteSurface`), `updateComponents`
 * adds or replaces components by id, `updateDataModel` replaces the value at `path` (the whole model when it is
 * `/` or absent; removes it when `value` is absent), `deleteSurface` drops it; updating a surface nobody created
 * is refused. v0.8: `surfaceUpdate` and `dataModelUpdate` open the surface when it is new, `beginRendering` names
 * the root and lets it be drawn. A surface written in one version refuses messages of the other. A refusal is a
 * value naming the field, in the terms `parseA2uiMessage` uses.
 */
export function applyA2uiMessage(surfaces: A2uiSurfaces, { version, message }: A2uiMessage): A2uiApplyResult {
  return version === '0.9' ? applyV09(surfaces, message) : applyV08(surfaces, message);
}

function existingOfVersion(
  surfaces: A2uiSurfaces,
  surfaceId: string,
  version: A2uiSurface['version'],
  operation: string,
): { surface: A2uiSurface | undefined; problem?: A2uiProblem } {
  const surface = surfaces.get(surfaceId);
  if (surface !== undefined && surface.version !== version) {
    return {
      surface: undefined,
      problem: {
        path: `/${operation}/surfaceId`,
        message: `surface "${surfaceId}" was written in A2UI v${surface.version}; a v${version} ${operation} cannot change it`,
      },
    };
  }
  return { surface };
}

function applyV09(surfaces: A2uiSurfaces, message: A2uiV09Message): A2uiApplyResult {
  if ('createSurface' in message) {
    const { surfaceId, catalogId, theme, sendDataModel } = message.createSurface;
    if (surfaces.has(surfaceId)) {
      return refuse(
        '/createSurface/surfaceId',
        `surface "${surfaceId}" already exists; delete it before creating it again`,
      );
    }
    return withSurface(surfaces, {
      ...emptyA2uiSurface({ surfaceId, version: '0.9', catalogId }),
      theme: {
        ...(theme?.primaryColor === undefined ? {} : { primaryColor: theme.primaryColor }),
        ...(theme?.agentDisplayName === undefined ? {} : { agentDisplayName: theme.agentDisplayName }),
        ...(theme?.iconUrl === undefined ? {} : { iconUrl: theme.iconUrl }),
      },
      sendDataModel: sendDataModel === true,
    });
  }
  const [operation, body] = Object.entries(message).find(([key]) => key !== 'version') as [
    'updateComponents' | 'updateDataModel' | 'deleteSurface',
    { surfaceId: string },
  ];
  const { surface, problem } = existingOfVersion(surfaces, body.surfaceId, '0.9', operation);
  if (problem !== undefined) return { success: false, problem };
  if (surface === undefined) {
    return refuse(
      `/${operation}/surfaceId`,
      `surface "${body.surfaceId}" was never created (send createSurface first)`,
    );
  }
  if ('deleteSurface' in message) {
    const next = new Map(surfaces);
    next.delete(surface.surfaceId);
    return { success: true, surfaces: next };
  }
  if ('updateComponents' in message) {
    const components = new Map(surface.components);
    for (const component of message.updateComponents.components) components.set(component.id, component);
    return withSurface(surfaces, { ...surface, components });
  }
  const { path = '/', value } = message.updateDataModel;
  const dataModel = writeData(surface.dataModel, path, value as JsonValue | undefined);
  if (dataModel === undefined)
    return refuse('/updateDataModel/value', 'the whole data model must be a JSON object');
  return withSurface(surfaces, { ...surface, dataModel });
}

function applyV08(surfaces: A2uiSurfaces, message: A2uiV08Message): A2uiApplyResult {
  const [operation, body] = Object.entries(message)[0] as [keyof A2uiV08Message, { surfaceId: string }];
  const existing = existingOfVersion(surfaces, body.surfaceId, '0.8', operation);
  if (existing.problem !== undefined) return { success: false, problem: existing.problem };
  if ('deleteSurface' in message) {
    if (existing.surface === undefined) {
      return refuse('/deleteSurface/surfaceId', `surface "${body.surfaceId}" does not exist`);
    }
    const next = new Map(surfaces);
    next.delete(body.surfaceId);
    return { success: true, surfaces: next };
  }
  const surface =
    existing.surface ??
    emptyA2uiSurface({ surfaceId: body.surfaceId, version: '0.8', catalogId: a2uiV08StandardCatalogId });
  if ('surfaceUpdate' in message) {
    const components = new Map(surface.components);
    let dataModel = surface.dataModel;
    for (const v08 of message.surfaceUpdate.components) {
      const { component, initialisations } = normalizeV08Component(v08);
      components.set(component.id, component);
      for (const { path, value } of initialisations)
        dataModel = writeData(dataModel, path, value) ?? dataModel;
    }
    return withSurface(surfaces, { ...surface, components, dataModel });
  }
  if ('dataModelUpdate' in message) {
    const { path = '/', contents } = message.dataModelUpdate;
    const dataModel = writeData(surface.dataModel, path, v08DataContents(contents));
    return withSurface(surfaces, { ...surface, dataModel: dataModel ?? surface.dataModel });
  }
  const { root, catalogId, styles } = message.beginRendering;
  return withSurface(surfaces, {
    ...surface,
    rootId: root,
    catalogId: catalogId ?? surface.catalogId,
    theme: {
      ...(styles?.primaryColor === undefined ? {} : { primaryColor: styles.primaryColor }),
      ...(styles?.font === undefined ? {} : { font: styles.font }),
    },
  });
}
