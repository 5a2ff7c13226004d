import type { LanguageModelV4 } from '@ai-sdk/provider';
import { demoCatalogue as builtInDemoCatalogue, type DemoEntry } from './demo/demo-catalogue.ts';
import { createDemoModel, demoModelId } from './demo/demo-model.ts';
import { ModelConfigError } from './model-config-error.ts';
import {
  createProviderModel,
  isProviderName,
  type ModelEnvironment,
  providerNames,
} from './providers/create-provider-model.ts';
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
 * Picks the model from `DRAWBRIDGE_MODEL` (default: the offline demo); throws `ModelConfigError`
 * with a one-line fix when the configuration cannot work.
 */
export function resolveModel(
  env: ModelEnvironment,
  { demoCatalogue = builtInDemoCatalogue }: { demoCatalogue?: readonly DemoEntry[] } = {},
): ResolvedModel {
  const setting = env.DRAWBRIDGE_MODEL?.trim() ?? '';
  const pace = readPace(env);
  if (setting === '' || setting === demoModelId) {
    return {
      model: createDemoModel({ catalogue: demoCatalogue, pace }),
      id: demoModelId,
      demo: true,
      hint: `You are talking to the offline demo model, which plays prepared replies. ${connectHint}`,
    };
  }
  const separator = setting.indexOf(':');
  const prefix = separator === -1 ? setting : setting.slice(0, separator);
  const rest = separator === -1 ? '' : setting.slice(separator + 1).trim();
  if (prefix === 'replay') {
    if (rest === '') throw missingName('replay', 'a script file, e.g. DRAWBRIDGE_MODEL=replay:reply.jsonl');
    return {
      model: createReplayModel({ path: rest, pace }),
      id: `replay:${rest}`,
      demo: false,
      hint: `Replaying ${rest} on every turn. ${connectHint}`,
    };
  }
  if (!isProviderName(prefix)) {
    throw new ModelConfigError({
      code: 'unknown_provider',
      message:
        `DRAWBRIDGE_MODEL=${setting} names no known provider: use demo, replay:<file>, ` +
        `or ${providerNames.map((name) => `${name}:<model>`).join(', ')}`,
    });
  }
  if (rest === '') throw missingName(prefix, `a model name, e.g. DRAWBRIDGE_MODEL=${exampleModel(prefix)}`);
  return {
    model: createProviderModel({ provider: prefix, modelName: rest, env }),
    id: `${prefix}:${rest}`,
    demo: false,
    hint: `Connected to ${prefix}:${rest}. Change DRAWBRIDGE_MODEL to switch; see docs/models.md.`,
  };
}

function readPace(env: ModelEnvironment): number | undefined {
  const raw = env.DRAWBRIDGE_DEMO_PACE?.trim();
  if (!raw) return undefined;
  const pace = Number(raw);
  if (Number.isFinite(pace) && pace >= 0) return pace;
  throw new ModelConfigError({
    code: 'invalid_pace',
    message: `DRAWBRIDGE_DEMO_PACE=${raw} is not a number of tokens per second: set e.g. 90, or 0 for no delay`,
  });
}

function missingName(prefix: string, what: string): ModelConfigError {
  return new ModelConfigError({
    code: 'missing_model_name',
    message: `DRAWBRIDGE_MODEL=${prefix}: needs ${what}`,
  });
}

function exampleModel(provider: string): string {
  if (provider === 'anthropic') return 'anthropic:claude-sonnet-4-5';
  if (provider === 'openai-compatible') return 'openai-compatible:llama3.1';
  return 'openai:gpt-4.1';
}
