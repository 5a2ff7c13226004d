import { z } from 'zod';
import { demoModelId } from '../models/demo/demo-model.ts';
import type { ConfiguredModels, ModelSettings } from '../models/model-settings.ts';
import {
  isProviderName,
  type ProviderName,
  providerNames,
} from '../models/providers/create-provider-model.ts';
import { noIssuesUnder, someText } from './setting-schemas.ts';

const providerKey = z.strictObject({ apiKey: someText().optional(), baseUrl: someText().optional() });

/** What each provider needs besides its model name, and where that setting lives. */
const providerNeeds: Record<
  ProviderName,
  { required: 'apiKey' | 'baseUrl'; describe: string; group: 'openai' | 'anthropic' | 'openaiCompatible' }
> = {
  openai: { group: 'openai', required: 'apiKey', describe: 'your OpenAI API key' },
  anthropic: { group: 'anthropic', required: 'apiKey', describe: 'your Anthropic API key' },
  'openai-compatible': {
    group: 'openaiCompatible',
    required: 'baseUrl',
    describe: "the server's OpenAI-compatible URL, e.g. http://127.0.0.1:11434/v1 for Ollama",
  },
};

const exampleModels: Record<ProviderName, string> = {
  openai: 'openai:gpt-4.1',
  anthropic: 'anthropic:claude-sonnet-4-5',
  'openai-compatible': 'openai-compatible:llama3.1',
};

function isHttpUrl(value: string): boolean {
  const url = URL.canParse(value) ? new URL(value) : undefined;
  return url?.protocol === 'http:' || url?.protocol === 'https:';
}

/** `DRAWBRIDGE_MODEL` split into its prefix and the rest (`openai:gpt-4.1` → `openai`, `gpt-4.1`). */
function splitModelId(id: string): { prefix: string; rest: string } {
  const separator = id.indexOf(':');
  return separator === -1
    ? { prefix: id, rest: '' }
    : { prefix: id.slice(0, separator), rest: id.slice(separator + 1).trim() };
}

/** Adds an issue at `path` for each reason `id` cannot name a model this configuration can run. */
function checkModelId({
  model,
  id,
  path,
  context,
}: {
  model: ModelGroupInput;
  id: string;
  path: readonly (string | number)[];
  context: z.RefinementCtx;
}): void {
  const { prefix, rest } = splitModelId(id);
  if (id === demoModelId) return;
  // A list entry is named by itself: the setting's value is the whole list.
  const subject = path[0] === 'choices' ? `{}'s entry "${id}"` : '{}';
  if (prefix === 'replay') {
    if (rest === '') {
      context.addIssue({
        code: 'custom',
        path: [...path],
        message: `${subject} needs a script file after replay:, e.g. replay:reply.jsonl`,
        input: id,
      });
    }
    return;
  }
  if (!isProviderName(prefix)) {
    context.addIssue({
      code: 'custom',
      path: [...path],
      message: `${subject} names no known provider: use demo, replay:<file>, or ${providerNames.map((name) => `${name}:<model>`).join(', ')}`,
      input: id,
    });
    return;
  }
  if (rest === '') {
    context.addIssue({
      code: 'custom',
      path: [...path],
      message: `${subject} needs a model name after ${prefix}:, e.g. ${exampleModels[prefix]}`,
      input: id,
    });
  }
  const needs = providerNeeds[prefix];
  const settings = model[needs.group];
  if (settings[needs.required] === undefined) {
    context.addIssue({
      code: 'custom',
      path: [needs.group, needs.required],
      message: `{} is not set: set it to ${needs.describe}, or unset {model.id} to run the offline demo`,
      input: undefined,
    });
  }
  if (settings.baseUrl !== undefined && !isHttpUrl(settings.baseUrl)) {
    context.addIssue({
      code: 'custom',
      path: [needs.group, 'baseUrl'],
      message: '{} is not an http(s) URL: set it like http://127.0.0.1:8000/v1',
      input: settings.baseUrl,
    });
  }
}

/** The settings of one checked model id. */
function settingsFor(model: ModelGroupInput, id: string): ModelSettings {
  const { prefix, rest } = splitModelId(id);
  const pace = model.demoPace;
  if (id === demoModelId) return { kind: 'demo', pace };
  if (prefix === 'replay') return { kind: 'replay', file: rest, pace };
  const provider = prefix as ProviderName;
  const { apiKey, baseUrl } = model[providerNeeds[provider].group];
  return {
    kind: 'provider',
    provider,
    modelName: rest,
    apiKey,
    // The SDKs join paths onto the base URL themselves.
    baseUrl: baseUrl?.replace(/\/+$/, ''),
  };
}

/**
 * The model and its provider settings. Only what the chosen model uses is checked, so a stray key of another
 * provider never stops the server; each problem says what to set.
 */
export const modelConfigSchema = z
  .strictObject({
    /** `DRAWBRIDGE_MODEL`: `demo`, `replay:<file>`, `openai:<model>`, `anthropic:<model>` or `openai-compatible:<model>`. */
    id: someText().default(demoModelId),
    /**
     * `DRAWBRIDGE_MODELS`: further models a chat may pick in the top bar, each written as `id` is; the default
     * (`id`) is always one of them.
     */
    choices: z.array(someText()).default([]),
    /** `DRAWBRIDGE_DEMO_PACE`: tokens per second of the demo and replay models; 0 for no delay. */
    demoPace: z
      .number({ error: '{} must be a number of tokens per second, e.g. 90, or 0 for no delay' })
      .min(0, { error: '{} must be a number of tokens per second, e.g. 90, or 0 for no delay' })
      .optional(),
    /** `OPENAI_API_KEY`, `OPENAI_BASE_URL`. */
    openai: providerKey.prefault({}),
    /** `ANTHROPIC_API_KEY`, `ANTHROPIC_BASE_URL`. */
    anthropic: providerKey.prefault({}),
    /** `DRAWBRIDGE_BASE_URL` (Ollama, vLLM, LM Studio, llama.cpp), `DRAWBRIDGE_API_KEY`. */
    openaiCompatible: providerKey.prefault({}),
  })
  .superRefine(
    (model, context) => {
      checkModelId({ model, id: model.id, path: ['id'], context });
      for (const [index, choice] of model.choices.entries()) {
        checkModelId({ model, id: choice, path: ['choices', index], context });
      }
    },
    { when: noIssuesUnder('id', 'choices', 'openai', 'anthropic', 'openaiCompatible') },
  )
  .transform((model): ConfiguredModels => {
    const settings = settingsFor(model, model.id);
    // The default model first, then the others a chat may pick, each once.
    const ids = [...new Set([model.id, ...model.choices])];
    if (ids.length === 1) return settings;
    return { ...settings, choices: ids.map((id) => settingsFor(model, id)) };
  });

type ModelGroupInput = {
  demoPace?: number | undefined;
  openai: z.infer<typeof providerKey>;
  anthropic: z.infer<typeof providerKey>;
  openaiCompatible: z.infer<typeof providerKey>;
};
