import type { SharedV4ProviderOptions } from '@ai-sdk/provider';

/**
 * Provider options that end a cached prompt prefix. Anthropic caches nothing unless a block carries
 * `cache_control` (at most four per request); the other providers ignore the `anthropic` key, and OpenAI
 * caches prefixes on its own (`promptCacheKey` only routes a thread's calls to the same cache).
 */
export const promptCacheBreakpoint = {
  anthropic: { cacheControl: { type: 'ephemeral' } },
} as const satisfies SharedV4ProviderOptions;

/** The OpenAI `prompt_cache_key` for a thread's calls: its turns share their prefix, so they share a cache. */
export function promptCacheKeyFor(threadId: string): string {
  return `drawbridge-thread-${threadId}`;
}
