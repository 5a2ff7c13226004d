import type { DrawbridgeForwardedProps } from '@drawbridge/protocol';

/**
 * What CopilotKit's provider forwards to Drawbridge on every run (`<CopilotKit properties={…}>` becomes the run's
 * `forwardedProps`): this browser answers the typed render calls, so the server parks each one until the
 * `drawbridge.render-tool` renderer has drawn it and said so, and the same run goes on.
 */
export const drawbridgeCopilotKitProperties: { drawbridge: DrawbridgeForwardedProps } = {
  drawbridge: { clientTools: true },
};
