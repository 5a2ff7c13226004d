import type { LanguageModelV4 } from '@ai-sdk/provider';
import { loadModelScript } from '../script/load-model-script.ts';
import { createScriptedModel } from '../scripted/scripted-language-model.ts';

/** A model that plays one script file (`.txt` or `.jsonl`) on every turn; the file is read once, now. */
export function createReplayModel({
  path,
  pace,
  seed,
  random,
}: {
  path: string;
  /** Tokens per second; 0 = as fast as possible; undefined = the scripted model's default. */
  pace?: number;
  seed?: number;
  random?: () => number;
}): LanguageModelV4 {
  const script = loadModelScript(path);
  return createScriptedModel({
    modelId: path,
    provider: 'drawbridge.replay',
    pacing: { tokensPerSecond: pace, seed, random },
    resolveScript: () => script,
  });
}
