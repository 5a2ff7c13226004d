import type { FormAnswers, RenderFormArgs, ToolResult } from '@drawbridge/protocol';
import type {
  CompletedToolCall,
  ToolCallHandler,
  ToolCallHookContext,
} from '../transcript/tool-call-hook.ts';
import { AcknowledgeWhenDrawn } from './acknowledge-when-drawn.tsx';
import { dispatchToolCall } from './dispatch-tool-call.ts';
import { formAnswersAsMessage } from './form-answers-as-message.ts';
import { postToolResult } from './post-tool-result.ts';
import { renderStoredWidget } from './render-stored-widget.tsx';
import { toolCallNoun } from './tool-call-noun.ts';
import type { WidgetRegistry } from './widget-definition.ts';
import { WidgetProblem } from './widget-problem.tsx';

function parseStoredArgs(argsJson: string): unknown {
  try {
    return JSON.parse(argsJson);
  } catch {
    // A stored call always holds the JSON we stored; anything else is drawn as a refusal by validation.
    return undefined;
  }
}

/**
 * The hook for typed render tools, of the chat (`createRenderToolHandler({ registry: chatWidgetRegistry })`) and of
 * the dashboard assistant (with its own registry): a call the server parked is dispatched through the
 * registry and ANSWERED once, for every parked call id: refused at once when it cannot be drawn, "rendered"
 * only after its widget mounted, or with the error it threw while drawing. A restored call is only drawn
 * again.
 */
export function createRenderToolHandler({
  registry,
  baseUrl,
  onResultFailure,
}: {
  /** The typed render tools this chat draws, by name (`widgetRegistryFrom`). */
  registry: WidgetRegistry;
  /** Where the Drawbridge server is mounted (`/ai`); default the page's origin root. */
  baseUrl?: string;
  /** Called when the server refused or never received an answer (the run will then time out the call). */
  onResultFailure?(toolCallId: string, message: string): void;
}): ToolCallHandler {
  // Every parked call gets one answer, whatever draws its card again (StrictMode, a thread shown again, a
  // client such as CopilotKit that renders the call anew): one id a call, a few dozen in a conversation.
  const answeredCallIds = new Set<string>();
  return (call: CompletedToolCall, context: ToolCallHookContext) => {
    const onSubmitForm = (values: FormAnswers['values']) => {
      const form = registry.get(call.toolCallName)?.validate(parseStoredArgs(call.argsJson));
      if (!form?.ok) return { ok: false, message: 'This form can no longer be sent.' };
      return context.sendUserMessage(formAnswersAsMessage(form.args as RenderFormArgs, values), {
        formAnswers: { toolCallId: call.toolCallId, values },
      });
    };
    if (call.restored) {
      return renderStoredWidget(
        { tool: call.toolCallName, args: parseStoredArgs(call.argsJson) },
        { registry, onSubmitForm, ...(call.sentAnswers ? { sentAnswers: call.sentAnswers } : {}) },
      );
    }
    const answer = (result: ToolResult) => {
      if (answeredCallIds.has(call.toolCallId)) return;
      answeredCallIds.add(call.toolCallId);
      void postToolResult({ baseUrl, threadId: context.threadId, toolCallId: call.toolCallId, result }).then(
        (posted) => {
          if (!posted.ok) onResultFailure?.(call.toolCallId, posted.message);
        },
      );
    };
    const outcome = dispatchToolCall(registry, call);
    if (outcome.status === 'error') {
      answer({ status: 'error', message: outcome.message });
      return <WidgetProblem tool={call.toolCallName} message={outcome.message} />;
    }
    const definition = registry.get(outcome.widget.tool);
    // Answered once it is drawn: "rendered" after it mounted, or the error it threw while drawing.
    return (
      <AcknowledgeWhenDrawn
        tool={call.toolCallName}
        onDrawn={() => answer({ status: 'rendered', message: outcome.message })}
        onFailed={(reason) =>
          answer({
            status: 'error',
            message: `The ${toolCallNoun(call.toolCallName)} could not be drawn: ${reason}`,
          })
        }
      >
        {definition?.render(outcome.widget.args, { onSubmitForm })}
      </AcknowledgeWhenDrawn>
    );
  };
}
