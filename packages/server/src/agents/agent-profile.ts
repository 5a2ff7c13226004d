import type { AgentThreadKind } from '@drawbridge/protocol';
import type { Skill } from '../skills/skill.ts';
import type { AgentTool } from '../tools/agent-tool.ts';

/**
 * One agent the server can run: its skill (grants and instructions), its system prompt, its toolbox, and
 * the kind of thread it answers in.
 */
export interface AgentProfile {
  skill: Skill;
  /**
   * The threads this agent answers in, and the kind of a thread its first run creates. A thread keeps one
   * kind, so every tool call stored in it was made from one toolbox and is drawn again with that toolbox's
   * definitions (the dashboard's `render_chart` is not the chat's).
   */
  threadKind: AgentThreadKind;
  system: string;
  /**
   * Every tool this agent could have; governance offers only those the skill grants. Read at the start of each
   * run (with `system`): a skill that grants MCP tools sees the servers connected at that moment.
   */
  tools: readonly AgentTool[];
  /** Model-written code is turned off for this agent: its prompt teaches none, and a widget it writes is refused. */
  forbidCode?: boolean;
}

/** Agents by skill name; a run picks one with `forwardedProps.drawbridge.skill`. */
export type AgentProfiles = ReadonlyMap<string, AgentProfile>;

/** The skill a run gets when it names none. */
export const defaultSkillName = 'widgets';
