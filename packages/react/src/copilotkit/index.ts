/** @module @drawbridge/react/copilotkit */

// The CopilotKit entry of @drawbridge/react (`@drawbridge/react/copilotkit`): renderers for CopilotKit's activity
// messages, for an app whose CopilotKit runtime has Drawbridge as its AG-UI agent. Only this entry loads CopilotKit
// (an optional peer dependency): an app without CopilotKit never imports it.

export type {
  ActivityAgent,
  ActivityMessageRenderer,
  ActivityRenderProps,
} from './activity-message-renderer.ts';
export { drawbridgeCopilotKitProperties } from './copilotkit-properties.ts';
export {
  type DrawbridgeActivityRenderer,
  type DrawbridgeActivityRenderersOptions,
  drawbridgeActivityRenderers,
} from './drawbridge-activity-renderers.tsx';
export type { WidgetActivityOptions } from './widget-activity-view.tsx';
