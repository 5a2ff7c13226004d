import type { Skill } from '../skills/skill.ts';
import type { AgentTool } from '../tools/agent-tool.ts';

/** One agent the server can run: its skill (grants and instructions), its system prompt and its toolbox. */
export interface AgentProfile {
  skill: Skill;
  system: string;
  /**
   * Every tool this agent could have; governance offers only those the skill grants. Read at the start of each
   * run (with `system`): a skill that grants MCP tools sees the servers connected at that moment.
   */
  tools: readonly AgentTool[];
}

/** Agents by skill name; a run picks one with `forwardedProps.drawbridge.skill`. */
export type AgentProfiles = ReadonlyMap<string, AgentProfile>;

/** The skill a run gets when it names none. */
export const defaultSkillName = 'widgets';
