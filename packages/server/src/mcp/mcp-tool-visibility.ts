import type { Tool } from '@modelcontextprotocol/client';

/**
 * Whether the model may see and call a tool. MCP Apps' `_meta.ui.visibility` lists who may: a list without
 * `"model"` (app-only helpers a view calls, such as a refresh) keeps it away from the model; no list means both.
 */
export function isVisibleToModel(tool: Pick<Tool, '_meta'>): boolean {
  const ui = tool._meta?.ui as { visibility?: unknown } | undefined;
  if (!Array.isArray(ui?.visibility)) return true;
  return ui.visibility.includes('model');
}

/** Whether a view may call a tool (`"app"` in its visibility, or no list at all). */
export function isVisibleToApp(tool: Pick<Tool, '_meta'>): boolean {
  const ui = tool._meta?.ui as { visibility?: unknown } | undefined;
  if (!Array.isArray(ui?.visibility)) return true;
  return ui.visibility.includes('app');
}
