import type { ModelScript } from '../script/model-script.ts';
import type { DemoEntry } from './demo-catalogue.ts';

export const fallbackEntryId = 'fallback';

/** A friendly prose reply listing what the demo can show, for catalogues without a `fallback` entry. */
export function buildFallbackScript({ catalogue }: { catalogue: readonly DemoEntry[] }): ModelScript {
  const examples = catalogue
    .filter((entry) => entry.id !== fallbackEntryId)
    .map((entry) => `- ${entry.title}`)
    .join('\n');
  const text = [
    "I'm the offline demo model, so I can only play replies prepared in advance — I didn't recognise that request.",
    examples.length > 0 ? `Here's what I can show you; ask for any of these:\n\n${examples}` : '',
    'To chat about anything, connect a real model with DRAWBRIDGE_MODEL (see docs/models.md).',
  ]
    .filter(Boolean)
    .join('\n\n');
  return { steps: [{ parts: [{ type: 'text', text }] }] };
}
