import type { AgentTool } from '../tools/agent-tool.ts';
import { type AgentProfiles, defaultSkillName } from './agent-profile.ts';

/** One profile that grants every given tool: for tests and embedders that bring a prompt and tools but no skills. */
export function singleAgentProfiles({
  system,
  tools,
}: {
  system: string;
  tools: readonly AgentTool[];
}): AgentProfiles {
  return new Map([
    [
      defaultSkillName,
      {
        system,
        tools,
        threadKind: 'chat',
        skill: {
          name: defaultSkillName,
          description: 'Every tool the embedder supplied.',
          allowedTools: new Set(tools.map((tool) => tool.name)),
          instructions: system,
          file: '(built in)',
        },
      },
    ],
  ]);
}
