import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModelV4 } from '@ai-sdk/provider';
import { ModelConfigError } from '../model-config-error.ts';

export type ModelEnvironment = Record<string, string | undefined>;

export const providerNames = ['openai', 'anthropic', 'openai-compatible'] as const;
export type ProviderName = (typeof providerNames)[number];

export function isProviderName(value: string): value is ProviderName {
  return (providerNames as readonly string[]).includes(value);
}

/**
 * Builds a real provider's model from explicit settings read out of `env` (never from `process.env`
 * behind our back), so what /api/health reports is exactly what runs.
 */
export function createProviderModel({
  provider,
  modelName,
  env,
}: {
  provider: ProviderName;
  modelName: string;
  env: ModelEnvironment;
}): LanguageModelV4 {
  switch (provider) {
    case 'openai':
      return createOpenAI({
        apiKey: requireSetting(env, 'OPENAI_API_KEY', 'missing_api_key', 'your OpenAI API key'),
        baseURL: optionalBaseUrl(env, 'OPENAI_BASE_URL'),
      })(modelName);
    case 'anthropic':
      return createAnthropic({
        apiKey: requireSetting(env, 'ANTHROPIC_API_KEY', 'missing_api_key', 'your Anthropic API key'),
        baseURL: optionalBaseUrl(env, 'ANTHROPIC_BASE_URL'),
      })(modelName);
    case 'openai-compatible': {
      const baseURL = requireSetting(
        env,
        'DRAWBRIDGE_BASE_URL',
        'missing_base_url',
        "the server's OpenAI-compatible URL, e.g. http://127.0.0.1:11434/v1 for Ollama",
      );
      return createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: validBaseUrl('DRAWBRIDGE_BASE_URL', baseURL),
        apiKey: nonEmpty(env.DRAWBRIDGE_API_KEY),
        includeUsage: true,
      })(modelName);
    }
  }
}

function requireSetting(
  env: ModelEnvironment,
  variable: string,
  code: 'missing_api_key' | 'missing_base_url',
  description: string,
): string {
  const value = nonEmpty(env[variable]);
  if (value !== undefined) return value;
  throw new ModelConfigError({
    code,
    message: `${variable} is not set: set it to ${description}, or unset DRAWBRIDGE_MODEL to run the offline demo`,
  });
}

function optionalBaseUrl(env: ModelEnvironment, variable: string): string | undefined {
  const value = nonEmpty(env[variable]);
  return value === undefined ? undefined : validBaseUrl(variable, value);
}

function validBaseUrl(variable: string, value: string): string {
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (url && (url.protocol === 'http:' || url.protocol === 'https:')) return value.replace(/\/+$/, '');
  throw new ModelConfigError({
    code: 'invalid_base_url',
    message: `${variable}=${value} is not an http(s) URL: set it like http://127.0.0.1:8000/v1`,
  });
}

function nonEmpty(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}
