import { describeSchemaError } from '@drawbridge/protocol';
import { z } from 'zod';

/** A run of text the model writes. */
export interface ScriptTextPart {
  type: 'text';
  text: string;
}

/** A tool call the model makes; `toolCallId` is generated when the script leaves it out. */
export interface ScriptToolCallPart {
  type: 'tool-call';
  toolName: string;
  input: Record<string, unknown>;
  toolCallId?: string;
}

export type ScriptPart = ScriptTextPart | ScriptToolCallPart;

/** One model response (one `doStream` call). */
export interface ScriptStep {
  parts: ScriptPart[];
}

/** Scripted model output: step k is played on the k-th model call of a turn. */
export interface ModelScript {
  steps: ScriptStep[];
}

export type ModelScriptFormat = 'txt' | 'jsonl';

export type ParseModelScriptResult =
  | { success: true; script: ModelScript }
  | { success: false; error: { line: number; reason: string } };

const scriptLineSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('text'), text: z.string() }),
    z.strictObject({
      type: z.literal('tool-call'),
      toolName: z.string().min(1, 'expected a tool name'),
      input: z.record(z.string(), z.unknown(), { error: 'expected a JSON object of tool arguments' }),
      toolCallId: z.string().min(1).optional(),
    }),
    z.strictObject({ type: z.literal('step') }),
  ],
  { error: 'type must be "text", "tool-call" or "step"' },
);

/** Parses script text; a `.txt` script is one step of text, a `.jsonl` script one JSON part per line. */
export function parseModelScript({
  text,
  format,
}: {
  text: string;
  format: ModelScriptFormat;
}): ParseModelScriptResult {
  if (format === 'txt') {
    if (text.length === 0) return { success: false, error: { line: 1, reason: 'the script is empty' } };
    return { success: true, script: { steps: [{ parts: [{ type: 'text', text }] }] } };
  }
  return parseJsonLines(text);
}

function parseJsonLines(text: string): ParseModelScriptResult {
  const steps: ScriptStep[] = [];
  let currentParts: ScriptPart[] = [];
  let currentStepStartLine = 1;
  const lines = text.split('\n');
  for (const [index, rawLine] of lines.entries()) {
    const lineNumber = index + 1;
    const line = rawLine.trim();
    if (line.length === 0) continue;
    const parsedLine = parseLine(line);
    if (!parsedLine.success)
      return { success: false, error: { line: lineNumber, reason: parsedLine.reason } };
    const part = parsedLine.value;
    if (part.type === 'step') {
      if (currentParts.length === 0) {
        return {
          success: false,
          error: { line: lineNumber, reason: 'a step must have text or a tool call' },
        };
      }
      steps.push({ parts: currentParts });
      currentParts = [];
      currentStepStartLine = lineNumber + 1;
      continue;
    }
    appendPart(currentParts, part);
  }
  if (currentParts.length > 0) steps.push({ parts: currentParts });
  if (steps.length === 0) {
    return { success: false, error: { line: currentStepStartLine, reason: 'the script has no steps' } };
  }
  return { success: true, script: { steps } };
}

function parseLine(
  line: string,
): { success: true; value: z.infer<typeof scriptLineSchema> } | { success: false; reason: string } {
  let json: unknown;
  try {
    json = JSON.parse(line);
  } catch (error) {
    return { success: false, reason: `not valid JSON (${(error as Error).message})` };
  }
  const result = scriptLineSchema.safeParse(json);
  if (result.success) return { success: true, value: result.data };
  return { success: false, reason: describeSchemaError(result.error) };
}

/** Adjacent text lines form one run of text, so chunking can cut across the author's line breaks. */
function appendPart(parts: ScriptPart[], part: ScriptPart): void {
  const last = parts.at(-1);
  if (part.type === 'text' && last?.type === 'text') {
    last.text += part.text;
    return;
  }
  parts.push(part.type === 'text' ? { type: 'text', text: part.text } : part);
}
