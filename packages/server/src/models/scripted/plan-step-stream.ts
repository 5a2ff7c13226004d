import type { LanguageModelV4StreamPart } from '@ai-sdk/provider';
import type { ScriptStep } from '../script/model-script.ts';
import { splitIntoTokenPieces } from './split-into-token-pieces.ts';

/** One stream part and whether it costs a token's worth of time (deltas do, block boundaries don't). */
export interface PlannedStreamPart {
  part: LanguageModelV4StreamPart;
  paced: boolean;
}

/** What one scripted step streams, between `stream-start` and `finish`. */
export interface PlannedStep {
  parts: PlannedStreamPart[];
  outputText: string;
  hasToolCalls: boolean;
}

/** Turns a script step into the V4 stream parts a real provider would send, text cut into token-sized pieces. */
export function planStepStream({
  step,
  stepIndex,
  random,
  generateToolCallId,
}: {
  step: ScriptStep | undefined;
  stepIndex: number;
  random: () => number;
  generateToolCallId: () => string;
}): PlannedStep {
  const parts: PlannedStreamPart[] = [];
  let outputText = '';
  let hasToolCalls = false;
  for (const [partIndex, scriptPart] of (step?.parts ?? []).entries()) {
    if (scriptPart.type === 'text') {
      const id = `text-${stepIndex}-${partIndex}`;
      parts.push({ part: { type: 'text-start', id }, paced: false });
      for (const delta of splitIntoTokenPieces(scriptPart.text, random)) {
        parts.push({ part: { type: 'text-delta', id, delta }, paced: true });
      }
      parts.push({ part: { type: 'text-end', id }, paced: false });
      outputText += scriptPart.text;
      continue;
    }
    hasToolCalls = true;
    const toolCallId = scriptPart.toolCallId ?? generateToolCallId();
    const input = JSON.stringify(scriptPart.input);
    parts.push({
      part: { type: 'tool-input-start', id: toolCallId, toolName: scriptPart.toolName },
      paced: false,
    });
    for (const delta of splitIntoTokenPieces(input, random)) {
      parts.push({ part: { type: 'tool-input-delta', id: toolCallId, delta }, paced: true });
    }
    parts.push({ part: { type: 'tool-input-end', id: toolCallId }, paced: false });
    parts.push({
      part: { type: 'tool-call', toolCallId, toolName: scriptPart.toolName, input },
      paced: false,
    });
    outputText += scriptPart.toolName + input;
  }
  return { parts, outputText, hasToolCalls };
}
