import { sendA2uiToolName } from '@drawbridge/protocol';
import { describe, expect, it } from 'vitest';
import { InMemoryClientToolBridge } from '../bridge/in-memory-client-tool-bridge.ts';
import { loadA2uiSystemPrompt, loadNoCodeSystemPrompt } from '../prompts/a2ui-system-prompt.ts';
import { loadWidgetSystemPrompt } from '../prompts/widget-system-prompt.ts';
import { buildAgentProfiles } from './build-agent-profiles.ts';

function profiles(forbidCode: boolean) {
  return buildAgentProfiles({
    widgetSystemPrompt: loadWidgetSystemPrompt(),
    a2uiSystemPrompt: loadA2uiSystemPrompt(),
    bridge: new InMemoryClientToolBridge(),
    metricSources: {
      store: { listRuns: async () => [] },
      telemetry: { query: async () => [], listWidgetEvents: async () => [] },
    },
    ...(forbidCode ? { forbidCode: { noCodeSystemPrompt: loadNoCodeSystemPrompt() } } : {}),
  });
}

describe('buildAgentProfiles and A2UI', () => {
  it('offers and teaches send_a2ui_json_to_client to the chat agent that grants it, and not to the dashboard', () => {
    const built = profiles(false);
    const chat = built.get('widgets')!;
    expect(chat.tools.map((tool) => tool.name)).toContain(sendA2uiToolName);
    expect(chat.system).toContain(loadWidgetSystemPrompt());
    expect(chat.system).toContain(loadA2uiSystemPrompt());
    expect(chat.forbidCode).toBeUndefined();
    const dashboard = built.get('dashboard')!;
    expect(dashboard.system).not.toContain(sendA2uiToolName);
  });

  it('teaches no widget format where model-written code is forbidden, and marks the chat agents so', () => {
    const built = profiles(true);
    const chat = built.get('widgets')!;
    expect(chat.system.startsWith(loadNoCodeSystemPrompt())).toBe(true);
    expect(chat.system).not.toContain('@@');
    expect(chat.system).toContain(loadA2uiSystemPrompt());
    expect(chat.forbidCode).toBe(true);
    expect(built.get('dashboard')?.forbidCode).toBeUndefined();
  });
});

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
