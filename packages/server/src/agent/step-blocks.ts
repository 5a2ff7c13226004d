import type { AssistantContent } from 'ai';

type AssistantParts = Exclude<AssistantContent, string>;
type ProviderMetadata = Record<string, Record<string, unknown>> | undefined;

type BlockPart = { text: string; providerOptions?: ProviderMetadata };

/**
 * Collects the step's text and reasoning as the next step's assistant message needs them: one part per block
 * id, with the provider's metadata (a reasoning signature) passed back as its options.
 */
export class StepBlocks {
  readonly content: AssistantParts = [];
  readonly #textParts = new Map<string, BlockPart>();
  readonly #reasoningParts = new Map<string, BlockPart>();
  // The block the last delta went to: the next delta nearly always goes there too.
  #last: { type: 'text' | 'reasoning'; id: string; part: BlockPart } | undefined;

  upsert(type: 'text' | 'reasoning', id: string, text?: string, providerMetadata?: ProviderMetadata): void {
    const part = this.#last?.type === type && this.#last.id === id ? this.#last.part : this.#find(type, id);
    if (text !== undefined) part.text += text;
    if (providerMetadata !== undefined) part.providerOptions = providerMetadata;
  }

  #find(type: 'text' | 'reasoning', id: string): BlockPart {
    const parts = type === 'text' ? this.#textParts : this.#reasoningParts;
    let part = parts.get(id);
    if (part === undefined) {
      part = { type, text: '' } as BlockPart;
      this.content.push(part as AssistantParts[number]);
      parts.set(id, part);
    }
    this.#last = { type, id, part };
    return part;
  }
}
