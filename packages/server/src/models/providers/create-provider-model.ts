import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModelV4 } from '@ai-sdk/provider';

export const providerNames = ['openai', 'anthropic', 'openai-compatible'] as const;
export type ProviderName = (typeof providerNames)[number];

export function isProviderName(value: string): value is ProviderName {
  return (providerNames as readonly string[]).includes(value);
}

/**
 * Builds a real provider's model from explicit settings (never from `process.env` behind our back), so what
 * /api/health reports is exactly what runs. The configuration checked that the provider has what it needs.
 */
export function createProviderModel({
  provider,
  modelName,
  apiKey,
  baseUrl,
}: {
  provider: ProviderName;
  modelName: string;
  apiKey: string | undefined;
  baseUrl: string | undefined;
}): LanguageModelV4 {
  switch (provider) {
    case 'openai':
      return createOpenAI({ apiKey, baseURL: baseUrl })(modelName);
    case 'anthropic':
      return createAnthropic({ apiKey, baseURL: baseUrl })(modelName);
    case 'openai-compatible':
      return createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: baseUrl as string,
        apiKey,
        includeUsage: true,
      })(modelName);
    default: {
      const exhaustiveCheck: never = provider;
      throw new Error(`unknown provider ${String(exhaustiveCheck)}`);
    }
  }
}
