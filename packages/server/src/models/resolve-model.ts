import type { LanguageModelV4 } from '@ai-sdk/provider';
import { demoCatalogue as builtInDemoCatalogue, type DemoEntry } from './demo/demo-catalogue.ts';
import { createDemoModel, demoModelId } from './demo/demo-model.ts';
import type { ModelSettings } from './model-settings.ts';
import { createProviderModel } from './providers/create-provider-model.ts';
import { createReplayModel } from './replay/replay-model.ts';

/** The model a server runs with, how to name it, and how a user would connect a different one. */
export interface ResolvedModel {
  model: LanguageModelV4;
  /** e.g. `demo`, `replay:fixtures/reply.jsonl`, `openai:gpt-4.1`. */
  id: string;
  demo: boolean;
  /** One or two sentences for the UI and /api/health on how to connect a real model. */
  hint: string;
}

const connectHint =
  'Set DRAWBRIDGE_MODEL=openai:<model> with OPENAI_API_KEY, anthropic:<model> with ANTHROPIC_API_KEY, ' +
  'or openai-compatible:<model> with DRAWBRIDGE_BASE_URL (Ollama, vLLM, LM Studio, llama.cpp); see docs/models.md.';

/**
 * Builds the model the configuration chose (`config.model`, checked when it was parsed). A replay file that
 * cannot be read or parsed throws `ModelConfigError`.
 */
export function resolveModel(
  settings: ModelSettings,
  { demoCatalogue = builtInDemoCatalogue }: { demoCatalogue?: readonly DemoEntry[] } = {},
): ResolvedModel {
  switch (settings.kind) {
    case 'demo':
      return {
        model: createDemoModel({ catalogue: demoCatalogue, pace: settings.pace }),
        id: demoModelId,
        demo: true,
        hint: `You are talking to the offline demo model, which plays prepared replies. ${connectHint}`,
      };
    case 'replay':
      return {
        model: createReplayModel({ path: settings.file, pace: settings.pace }),
        id: `replay:${settings.file}`,
        demo: false,
        hint: `Replaying ${settings.file} on every turn. ${connectHint}`,
      };
    case 'provider': {
      const id = `${settings.provider}:${settings.modelName}`;
      return {
        model: createProviderModel(settings),
        id,
        demo: false,
        hint: `Connected to ${id}. Change DRAWBRIDGE_MODEL to switch; see docs/models.md.`,
      };
    }
    default: {
      const exhaustiveCheck: never = settings;
      throw new Error(`unknown model settings ${JSON.stringify(exhaustiveCheck)}`);
    }
  }
}
