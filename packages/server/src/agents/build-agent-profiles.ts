import { fileURLToPath } from 'node:url';
import { type RenderToolDefinition, sendA2uiToolName } from '@drawbridge/protocol';
import type { ClientToolBridge } from '../bridge/client-tool-bridge.ts';
import type { MetricSources } from '../dashboard/compute-metric.ts';
import type { McpServers } from '../mcp/mcp-servers.ts';
import { loadSkills } from '../skills/load-skills.ts';
import { skillGrantsServer, skillGrantsTool } from '../skills/skill-grants-tool.ts';
import { type DisplayedA2uiSurface, sendA2uiJsonTool } from '../tools/a2ui/send-a2ui-json-tool.ts';
import type { AgentTool } from '../tools/agent-tool.ts';
import { dashboardControlTool } from '../tools/dashboard/dashboard-control-tool.ts';
import { listMetricsTool } from '../tools/dashboard/list-metrics-tool.ts';
import { metricChartTool } from '../tools/dashboard/metric-chart-tool.ts';
import { createRenderTools, renderTool } from '../tools/render/render-tools.ts';
import type { AgentProfile, AgentProfiles } from './agent-profile.ts';

/** The built-in skills: the server package's `skills/` folder, which it ships. */
export const defaultSkillsDirectory = fileURLToPath(new URL('../../skills', import.meta.url));

/** Default wait for a browser to answer a parked call; `DRAWBRIDGE_TOOL_TIMEOUT_MS` overrides it. */
export const defaultToolTimeoutMs = 60_000;

export interface BuildAgentProfilesOptions {
  skillsDirectory?: string;
  widgetSystemPrompt: string;
  bridge: ClientToolBridge;
  toolTimeoutMs?: number;
  metricSources: MetricSources;
  clock?: () => Date;
  /** Connected MCP servers: their tools join every agent's toolbox, offered where a skill grants them. */
  mcpServers?: McpServers;
  /** An embedding app's own tools: in every chat agent's toolbox (not the dashboard's), and granted there. */
  tools?: readonly AgentTool[];
  /** An embedding app's own typed render tools, parked like ours: in every chat agent's toolbox, and granted. */
  renderTools?: readonly RenderToolDefinition[];
  /** Where a chat agent's A2UI surfaces are kept once drawn (`send_a2ui_json_to_client`), for reloads. */
  onA2uiSurfaceDisplayed?(surface: DisplayedA2uiSurface): Promise<void>;
  /** Teaches A2UI where a skill grants `send_a2ui_json_to_client`; absent, the tool is offered untaught. */
  a2uiSystemPrompt?: string;
  /**
   * No model-written code (`DRAWBRIDGE_FORBID_CODE`): the chat agents get `noCodeSystemPrompt` (A2UI and the typed
   * tools only) instead of the widget prompt, and their widgets are refused.
   */
  forbidCode?: { noCodeSystemPrompt: string };
}

/**
 * Loads the skills and gives each its toolbox: the dashboard skill drives the dashboard (its
 * `render_chart` draws a catalogue metric); every other skill gets the chat's render tools and the
 * widget format. Malformed skills throw `SkillFileError` here, at start-up.
 */
export function buildAgentProfiles(options: BuildAgentProfilesOptions): AgentProfiles {
  const bridgeOptions = { bridge: options.bridge, timeoutMs: options.toolTimeoutMs ?? defaultToolTimeoutMs };
  const ownTools = [
    ...(options.renderTools ?? []).map((definition) => renderTool(definition, bridgeOptions)),
    ...(options.tools ?? []),
  ];
  const a2uiTool = sendA2uiJsonTool(
    options.onA2uiSurfaceDisplayed === undefined ? {} : { onDisplayed: options.onA2uiSurfaceDisplayed },
  ) as AgentTool;
  const chatTools = [...createRenderTools(bridgeOptions), a2uiTool, ...ownTools];
  const dashboardTools: AgentTool[] = [
    dashboardControlTool(bridgeOptions) as AgentTool,
    listMetricsTool() as AgentTool,
    metricChartTool({
      ...bridgeOptions,
      sources: options.metricSources,
      ...(options.clock ? { clock: options.clock } : {}),
    }) as AgentTool,
  ];
  const knownTools = new Set([...chatTools, ...dashboardTools].map((tool) => tool.name));
  const mcpServers = options.mcpServers;
  const mcpServerNames = new Set(mcpServers?.summaries().map((server) => server.name));
  const skills = loadSkills({
    directory: options.skillsDirectory ?? defaultSkillsDirectory,
    knownTools,
    mcpServerNames,
  });
  const profiles = new Map<string, AgentProfile>();
  for (const loaded of skills.values()) {
    const isDashboard = loaded.name === 'dashboard';
    // The embedding app's tools are its own to offer: granted to the chat agents without a skill saying so.
    const skill = isDashboard
      ? loaded
      : { ...loaded, allowedTools: new Set([...loaded.allowedTools, ...ownTools.map((tool) => tool.name)]) };
    const threadKind = isDashboard ? 'dashboard' : 'chat';
    const agentTools = isDashboard ? dashboardTools : chatTools;
    // A2UI is taught only to an agent that may draw it: a prompt never describes a tool the agent lacks.
    const a2uiPrompt =
      options.a2uiSystemPrompt !== undefined && skillGrantsTool({ skill, toolName: sendA2uiToolName })
        ? `\n\n${options.a2uiSystemPrompt}`
        : '';
    const chatPrompt = options.forbidCode?.noCodeSystemPrompt ?? options.widgetSystemPrompt;
    const system = isDashboard
      ? `You are the assistant inside the Drawbridge dashboard.\n\n${skill.instructions}`
      : `${chatPrompt}${a2uiPrompt}\n\n${skill.instructions}`;
    const forbidCode = !isDashboard && options.forbidCode !== undefined ? { forbidCode: true } : {};
    const grantsMcp = [...mcpServerNames].some((serverName) => skillGrantsServer({ skill, serverName }));
    if (mcpServers === undefined || !grantsMcp) {
      profiles.set(skill.name, { skill, threadKind, tools: agentTools, system, ...forbidCode });
      continue;
    }
    // Read at each run: servers connect, drop and change their tool lists while the app runs.
    profiles.set(skill.name, {
      skill,
      threadKind,
      ...forbidCode,
      get tools() {
        return [...agentTools, ...mcpServers.modelTools()];
      },
      get system() {
        const note = mcpServers.unavailableNote({
          concerns: (serverName) => skillGrantsServer({ skill, serverName }),
        });
        return note === '' ? system : `${system}\n\n${note}`;
      },
    });
  }
  return profiles;
}
