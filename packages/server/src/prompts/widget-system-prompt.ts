import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const promptFile = fileURLToPath(new URL('./widget-system-prompt.md', import.meta.url));

let cachedPrompt: string | undefined;

/** The system prompt that teaches a real model the widget format, read from disk once per process. */
export function loadWidgetSystemPrompt(): string {
  cachedPrompt ??= readFileSync(promptFile, 'utf8').trim();
  return cachedPrompt;
}
