import type { RenderToolDefinition } from '@drawbridge/protocol';
import type { AgentProfiles } from '../agents/agent-profile.ts';
import { buildAgentProfiles } from '../agents/build-agent-profiles.ts';
import { singleAgentProfiles } from '../agents/single-agent-profiles.ts';
import type { ClientToolBridge } from '../bridge/client-tool-bridge.ts';
import type { DrawbridgeConfig } from '../config/drawbridge-config-schema.ts';
import type { McpServers } from '../mcp/mcp-servers.ts';
import type { Store } from '../store/store.ts';
import type { TelemetryStore } from '../telemetry/telemetry-store.ts';
import { storeA2uiSurfaceCall } from '../tools/a2ui/store-a2ui-surface-call.ts';
import type { AgentTool } from '../tools/agent-tool.ts';

/**
 * A caller that brings its own system prompt (tests, benchmarks) gets one agent with exactly its tools;
 * otherwise the skills in `config.skills.directory` are loaded, with the widget prompt read only then, and the
 * caller's tools and render tools join the chat agents.
 */
export async function defaultAgentProfiles({
  systemPrompt,
  tools,
  renderTools,
  bridge,
  store,
  telemetry,
  config,
  mcpServers,
}: {
  systemPrompt: string | undefined;
  tools: readonly AgentTool[] | undefined;
  renderTools?: readonly RenderToolDefinition[] | undefined;
  bridge: ClientToolBridge;
  store: Store;
  telemetry: TelemetryStore;
  config: DrawbridgeConfig;
  mcpServers: McpServers;
}): Promise<AgentProfiles> {
  if (systemPrompt !== undefined) return singleAgentProfiles({ system: systemPrompt, tools: tools ?? [] });
  const { loadWidgetSystemPrompt } = await import('../prompts/widget-system-prompt.ts');
  const { loadA2uiSystemPrompt, loadNoCodeSystemPrompt } = await import('../prompts/a2ui-system-prompt.ts');
  return buildAgentProfiles({
    widgetSystemPrompt: loadWidgetSystemPrompt(),
    a2uiSystemPrompt: loadA2uiSystemPrompt(),
    ...(config.runs.forbidCode ? { forbidCode: { noCodeSystemPrompt: loadNoCodeSystemPrompt() } } : {}),
    onA2uiSurfaceDisplayed: (surface) => storeA2uiSurfaceCall({ store, surface }),
    bridge,
    metricSources: { store, telemetry },
    mcpServers,
    toolTimeoutMs: config.runs.toolTimeoutMs,
    skillsDirectory: config.skills.directory,
    ...(tools === undefined ? {} : { tools }),
    ...(renderTools === undefined ? {} : { renderTools }),
  });
}
