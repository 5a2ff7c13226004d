import type { A2uiAction, A2uiSurface, JsonObject, JsonValue } from '@drawbridge/protocol';
import { createContext, useContext } from 'react';

/** What every component of one drawn surface reads and writes: the surface, its live data model, its actions. */
export interface A2uiRenderContext {
  surface: A2uiSurface;
  /** The data model as the user has changed it (two-way inputs write here). */
  dataModel: JsonObject;
  /** Writes an input's value at an absolute pointer of the data model. */
  write(pointer: string, value: JsonValue): void;
  /** A Button's action: an event for the agent, or a client-side function (`openUrl`). */
  act(input: { action: A2uiAction; scopePath: string; sourceComponentId: string }): void;
  /** Prefix for DOM ids, unique per drawn surface (labels point at their inputs). */
  idPrefix: string;
}

export const A2uiRenderContextValue = createContext<A2uiRenderContext | undefined>(undefined);

/** The context of the surface being drawn; every A2UI component is drawn inside one. */
export function useA2uiRenderContext(): A2uiRenderContext {
  const context = useContext(A2uiRenderContextValue);
  if (context === undefined) throw new Error('An A2UI component was drawn outside an A2UI surface.');
  return context;
}
