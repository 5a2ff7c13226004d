import type { McpViewSources } from '../mcp-view-sources.ts';

/** Stand-in view scripts, recognisable in the served documents, for tests that need no built packages. */
export const fixtureViewSources: McpViewSources = {
  readWidgetView: async () => ({
    script: 'window.fixtureView = true;',
    threeScript: 'window.fixtureThree = true;',
    kitScript: 'window.fixtureKit = true;',
  }),
  readRenderToolView: async () => ({ script: 'window.fixtureRenderView = true;', style: '.fixture{}' }),
};
