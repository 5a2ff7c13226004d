import type { A2uiSurface } from './a2ui-surface.ts';
import type { A2uiUserAction } from './a2ui-user-action.ts';
import { resolveA2uiValue } from './evaluate/resolve-a2ui-value.ts';
import type { JsonValue } from './json-pointer.ts';
import type { A2uiAction } from './v09/a2ui-dynamic-schemas.ts';

/**
 * The user action a Button's `action.event` sends: its context resolved against the data model as the user left
 * it (bound values read at `scopePath`, the template item the button stands in), and, for a v0.9 surface created
 * with `sendDataModel`, the whole data model under `dataModel`. Undefined for a client-side function call.
 */
export function a2uiUserActionOf({
  action,
  surface,
  dataModel,
  scopePath,
  sourceComponentId,
  now,
}: {
  action: A2uiAction;
  surface: Pick<A2uiSurface, 'surfaceId' | 'sendDataModel'>;
  dataModel: JsonValue;
  scopePath: string;
  sourceComponentId: string;
  now: Date;
}): A2uiUserAction | undefined {
  if (!('event' in action)) return undefined;
  const scope = { dataModel, path: scopePath };
  const context: Record<string, JsonValue> = {};
  for (const [key, value] of Object.entries(action.event.context ?? {})) {
    const resolved = resolveA2uiValue(value, scope);
    if (resolved !== undefined) context[key] = resolved;
  }
  if (surface.sendDataModel) context.dataModel = dataModel;
  return {
    name: action.event.name,
    surfaceId: surface.surfaceId,
    sourceComponentId,
    timestamp: now.toISOString(),
    context,
  };
}
