import type { LanguageModelV4 } from '@ai-sdk/provider';
import { readContinuationRequest } from '../../history/continuation-request.ts';
import { loadModelScript } from '../script/load-model-script.ts';
import type { ModelScript } from '../script/model-script.ts';
import { createScriptedModel } from '../scripted/scripted-language-model.ts';
import { attachmentReplyScript, lastUserFiles } from './attachment-reply.ts';
import { buildFallbackScript, fallbackEntryId } from './build-fallback-script.ts';
import { continueDemoScript, continuedTurn } from './continue-demo-script.ts';
import type { DemoEntry } from './demo-catalogue.ts';
import { demoReplyValues, fillDemoScript } from './fill-demo-reply.ts';
import { lastUserText } from './last-user-text.ts';
import { latestQuotedWidget } from './latest-quoted-widget.ts';
import { pickDemoEntry, pickFallbackEntry } from './pick-demo-entry.ts';
import { splitWidgetState } from './widget-state-in-prompt.ts';

export const demoModelId = 'demo';

/**
 * The offline demo: answers each user message with the catalogue entry that fits it best (pick-demo-entry.ts),
 * its placeholders filled from the message and the widget it edits; a message with files is answered about
 * them (attachment-reply.ts).
 * Every script is loaded up front, so a broken reply file fails at startup, not mid-conversation.
 */
export function createDemoModel({
  catalogue,
  pace,
  seed,
  random,
}: {
  catalogue: readonly DemoEntry[];
  /** Tokens per second; 0 = as fast as possible; undefined = the scripted model's default. */
  pace?: number;
  seed?: number;
  random?: () => number;
}): LanguageModelV4 {
  const scripts = new Map<string, ModelScript>(
    catalogue.map((entry) => [entry.id, loadModelScript(entry.file)]),
  );
  const fallbackScript = scripts.get(fallbackEntryId) ?? buildFallbackScript({ catalogue });
  return createScriptedModel({
    modelId: demoModelId,
    provider: 'drawbridge.demo',
    pacing: { tokensPerSecond: pace, seed, random },
    resolveScript: (prompt, offeredTools) => {
      // A message that carries files is answered about them, whatever its words would pick.
      const fileReply = attachmentReplyScript({
        files: lastUserFiles(prompt),
        userText: lastUserText(prompt),
      });
      if (fileReply !== undefined) return fileReply;
      const quoted = latestQuotedWidget(prompt);
      // A continuation request answers the user's message before it, from where the kept reply stopped.
      const continuation = readContinuationRequest(lastUserText(prompt));
      const turn = continuation === undefined ? undefined : continuedTurn(prompt);
      // The widget-state block the server adds to the newest user message is not the user's words.
      const { userText: ownText, widgetStateLines } = splitWidgetState(lastUserText(prompt));
      const userText = turn?.userText ?? ownText;
      const resolved = resolveEntryScript(userText);
      return continuation === undefined || turn === undefined
        ? resolved
        : continueDemoScript({
            script: resolved,
            keptText: turn.keptText,
            cutWidget: continuation.cutWidget,
          });

      function resolveEntryScript(userText: string): ModelScript {
        const entry =
          pickDemoEntry({ catalogue, userText, offeredTools, editableText: quoted?.text }) ??
          pickFallbackEntry({ catalogue, offeredTools });
        const script = (entry && scripts.get(entry.id)) ?? fallbackScript;
        if (entry === undefined) return script;
        return fillDemoScript(
          script,
          demoReplyValues({
            userText,
            widgetStateLines,
            ...(entry.pattern === undefined ? {} : { pattern: entry.pattern }),
            ...(quoted === undefined ? {} : { quoted }),
          }),
        );
      }
    },
  });
}
