import { readFileSync } from 'node:fs';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { demoCatalogue } from '../packages/server/src/models/demo/demo-catalogue.ts';
import { loadWidgetSystemPrompt } from '../packages/server/src/prompts/widget-system-prompt.ts';

/** Prints what the widget system prompt and each demo reply cost in o200k tokens (GPT-4o / GPT-4.1 family). */
function main(): void {
  const prompt = loadWidgetSystemPrompt();
  console.log(`widget system prompt: ${countTokens(prompt)} tokens, ${Buffer.byteLength(prompt)} bytes`);
  console.log('');
  console.log(
    `${'demo reply'.padEnd(24)}${'tokens'.padStart(8)}${'widget'.padStart(8)}${'bytes'.padStart(8)}`,
  );
  let total = 0;
  for (const entry of demoCatalogue) {
    const text = readFileSync(entry.file, 'utf8');
    const blockStart = text.indexOf('@@HEIGHT:');
    const blockEnd = text.indexOf('@@END@@');
    const widgetTokens =
      blockStart >= 0 && blockEnd > blockStart ? countTokens(text.slice(blockStart, blockEnd)) : 0;
    const tokens = countTokens(text);
    total += tokens;
    console.log(
      `${entry.id.padEnd(24)}${String(tokens).padStart(8)}${String(widgetTokens || '-').padStart(8)}${String(Buffer.byteLength(text)).padStart(8)}`,
    );
  }
  console.log(`${'total'.padEnd(24)}${String(total).padStart(8)}`);
}

main();
