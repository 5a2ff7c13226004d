/** Tokens as the fakes count them: four characters a token, near enough for English and code. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** What a fake provider reports of one request's input: all of it, and the part read from its cache. */
export interface FakeCachedUsage {
  inputTokens: number;
  cacheReadTokens: number;
  cacheWriteTokens: number;
}

/**
 * A provider's prompt cache, simulated: a request reads the longest of its `readable` prefixes an earlier
 * request wrote, and writes its `written` ones. Prefixes are text, each a start of `whole`, shortest first, so
 * the fakes decide only where a provider would look and write.
 */
export class FakePromptCache {
  readonly #written = new Set<string>();

  use({
    whole,
    readable,
    written,
  }: {
    whole: string;
    readable: readonly string[];
    written: readonly string[];
  }): FakeCachedUsage {
    const read = readable.filter((prefix) => this.#written.has(prefix)).at(-1) ?? '';
    const longest = written.at(-1) ?? '';
    for (const prefix of written) this.#written.add(prefix);
    const cacheReadTokens = estimateTokens(read);
    const cacheWriteTokens = longest.length > read.length ? estimateTokens(longest) - cacheReadTokens : 0;
    return { inputTokens: estimateTokens(whole), cacheReadTokens, cacheWriteTokens };
  }
}
