import { describe, expect, it } from 'vitest';
import { InMemoryClientToolBridge } from '../bridge/in-memory-client-tool-bridge.ts';
import { buildAgentProfiles } from './build-agent-profiles.ts';

describe('buildAgentProfiles', () => {
  it('gives each agent the kind of thread it answers in: the dashboard its own, every other skill chats', () => {
    const profiles = buildAgentProfiles({
      widgetSystemPrompt: 'Draw widgets.',
      bridge: new InMemoryClientToolBridge(),
      metricSources: {
        store: { listRuns: async () => [] },
        telemetry: { query: async () => [], listWidgetEvents: async () => [] },
      },
    });
    expect([...profiles].map(([name, profile]) => [name, profile.threadKind]).sort()).toEqual([
      ['dashboard', 'dashboard'],
      ['widgets', 'chat'],
    ]);
  });
});
