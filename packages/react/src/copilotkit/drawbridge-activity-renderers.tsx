import { type DrawbridgeActivityContent, drawbridgeActivitySchemas } from '@drawbridge/protocol';
import { createRenderToolHandler } from '../render-tools/render-tool-handler.tsx';
import type { WidgetRegistry } from '../render-tools/widget-definition.ts';

import type { ActivityMessageRenderer } from './activity-message-renderer.ts';
import { RenderToolActivityView } from './render-tool-activity-view.tsx';
import { type WidgetActivityOptions, WidgetActivityView } from './widget-activity-view.tsx';

/** One of the renderers `drawbridgeActivityRenderers` gives, by the activity type it draws. */
export type DrawbridgeActivityRenderer =
  | ActivityMessageRenderer<DrawbridgeActivityContent<'drawbridge.widget'>>
  | ActivityMessageRenderer<DrawbridgeActivityContent<'drawbridge.render-tool'>>;

export interface DrawbridgeActivityRenderersOptions extends WidgetActivityOptions {
  /** The typed render tools this app draws, by name (`widgetRegistryFrom`): the same definitions the server has. */
  registry: WidgetRegistry;
  /** Draw for this CopilotKit agent only; every agent when left out. */
  agentId?: string;
  /** Called when Drawbridge refused or never received a call's answer (the run then times the call out). */
  onResultFailure?(toolCallId: string, message: string): void;
}

/**
 * Renderers for CopilotKit's `renderActivityMessages` (`@copilotkit/react-core/v2`), for Drawbridge as a CopilotKit
 * agent: `drawbridge.widget` draws a generated widget live in the sandboxed frame at `<baseUrl>/frame` (as it
 * streams, with its revisions), and `drawbridge.render-tool` draws a typed render call with the registry's
 * component and answers it, so the parked run goes on (give CopilotKit `drawbridgeCopilotKitProperties`). Create
 * them once, outside a component: CopilotKit wants a stable array.
 */
export function drawbridgeActivityRenderers({
  registry,
  agentId,
  onResultFailure,
  ...widgetOptions
}: DrawbridgeActivityRenderersOptions): DrawbridgeActivityRenderer[] {
  const handler = createRenderToolHandler({
    registry,
    ...(widgetOptions.baseUrl === undefined ? {} : { baseUrl: widgetOptions.baseUrl }),
    ...(onResultFailure === undefined ? {} : { onResultFailure }),
  });
  const scope = agentId === undefined ? {} : { agentId };
  const widget: ActivityMessageRenderer<DrawbridgeActivityContent<'drawbridge.widget'>> = {
    activityType: 'drawbridge.widget',
    ...scope,
    content: drawbridgeActivitySchemas['drawbridge.widget'].content,
    render: (props) => <WidgetActivityView {...props} options={widgetOptions} />,
  };
  const renderTool: ActivityMessageRenderer<DrawbridgeActivityContent<'drawbridge.render-tool'>> = {
    activityType: 'drawbridge.render-tool',
    ...scope,
    content: drawbridgeActivitySchemas['drawbridge.render-tool'].content,
    render: (props) => <RenderToolActivityView {...props} handler={handler} />,
  };
  return [widget, renderTool];
}
