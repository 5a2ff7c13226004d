import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const promptFile = fileURLToPath(new URL('./a2ui-system-prompt.md', import.meta.url));
const noCodePromptFile = fileURLToPath(new URL('./no-code-system-prompt.md', import.meta.url));

let cachedPrompt: string | undefined;
let cachedNoCodePrompt: string | undefined;

/**
 * The part of the system prompt that teaches A2UI v0.9 and `send_a2ui_json_to_client`, for agents whose skill
 * grants the tool; read from disk once per process.
 */
export function loadA2uiSystemPrompt(): string {
  cachedPrompt ??= readFileSync(promptFile, 'utf8').trim();
  return cachedPrompt;
}

/**
 * The chat agents' opening prompt where model-written code is turned off (`DRAWBRIDGE_FORBID_CODE`), in place of
 * the widget prompt: it teaches no widget format, and says a widget would be refused.
 */
export function loadNoCodeSystemPrompt(): string {
  cachedNoCodePrompt ??= readFileSync(noCodePromptFile, 'utf8').trim();
  return cachedNoCodePrompt;
}
