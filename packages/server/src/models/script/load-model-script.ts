import { readFileSync } from 'node:fs';
import { extname } from 'node:path';
import { ModelConfigError } from '../model-config-error.ts';
import { type ModelScript, type ModelScriptFormat, parseModelScript } from './model-script.ts';

/** Reads and validates a `.txt` or `.jsonl` script file; throws `ModelConfigError` naming file:line and reason. */
export function loadModelScript(path: string): ModelScript {
  const format = scriptFormatOf(path);
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new ModelConfigError({
      code: 'script_unreadable',
      message: `cannot read script ${path} (${reason}): check the path and that the file is readable`,
    });
  }
  const result = parseModelScript({ text, format });
  if (!result.success) {
    throw new ModelConfigError({
      code: 'invalid_script',
      message: `${path}:${result.error.line}: ${result.error.reason}`,
    });
  }
  return result.script;
}

function scriptFormatOf(path: string): ModelScriptFormat {
  const extension = extname(path).toLowerCase();
  if (extension === '.txt') return 'txt';
  if (extension === '.jsonl') return 'jsonl';
  throw new ModelConfigError({
    code: 'invalid_script',
    message: `${path}: a script file must end in .txt (one text reply) or .jsonl (one part per line)`,
  });
}
