import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describeSchemaError } from '@drawbridge/protocol';
import { type EvalCase, evalCaseSchema } from './eval-case.ts';
import { EvalSuiteError } from './eval-suite-error.ts';

/** The suite `drawbridge eval` runs without `--suite`. */
export const builtInSuitePath = fileURLToPath(new URL('./built-in-suite.jsonl', import.meta.url));

/** Parses suite JSONL (one case a line; blank lines and lines starting with `//` are skipped). */
export function parseEvalSuite({ text, file }: { text: string; file: string }): EvalCase[] {
  const cases: EvalCase[] = [];
  const seen = new Set<string>();
  const lines = text.split(/\r?\n/);
  for (const [index, line] of lines.entries()) {
    const trimmed = line.trim();
    if (trimmed === '' || trimmed.startsWith('//')) continue;
    let value: unknown;
    try {
      value = JSON.parse(trimmed);
    } catch {
      throw new EvalSuiteError({ file, line: index + 1, reason: 'not a JSON object' });
    }
    const parsed = evalCaseSchema.safeParse(value);
    if (!parsed.success) {
      throw new EvalSuiteError({ file, line: index + 1, reason: describeSchemaError(parsed.error) });
    }
    if (seen.has(parsed.data.id)) {
      throw new EvalSuiteError({ file, line: index + 1, reason: `the id "${parsed.data.id}" is used twice` });
    }
    seen.add(parsed.data.id);
    cases.push(parsed.data);
  }
  if (cases.length === 0) throw new EvalSuiteError({ file, reason: 'the suite has no cases' });
  return cases;
}

/** Reads and parses a suite file; throws `EvalSuiteError` naming the file (and line) when it cannot be used. */
export async function loadEvalSuite({ path }: { path: string }): Promise<EvalCase[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const reason = error instanceof Error && 'code' in error ? String(error.code) : 'unreadable';
    throw new EvalSuiteError({ file: path, reason: `cannot read the file (${reason})` });
  }
  return parseEvalSuite({ text, file: path });
}
