import {
  buildRunAgentInput,
  decodeEventStream,
  EventType,
  isDrawbridgeActivity,
  runAgentRequestInit,
  sendA2uiToolName,
  type ToolResult,
  widgetActivityChanges,
} from '@drawbridge/protocol';
import { checkRenderCall } from './check-render-call.ts';
import type { EvalProblem } from './eval-problem.ts';

/** What one turn of a case did on the wire, as the eval saw it. */
export interface AgentTurnRecord {
  problems: EvalProblem[];
  /** `widget` for each complete generated block, the tool name for each valid typed call. */
  kinds: string[];
  /** Seconds from sending the request to the model's first output (prose, widget or tool call). */
  firstEventSeconds: number | null;
  /** Seconds to the last `@@END@@` or valid typed call of the turn. */
  widgetCompleteSeconds: number | null;
  /** Seconds to the first markup of the turn's first generated widget: until then the user sees no widget. */
  firstMarkupSeconds: number | null;
  /** CSS characters of that widget streamed before its first markup (all of them wait in front of it). */
  cssBeforeMarkup: number | null;
}

interface OpenToolCall {
  name: string;
  args: string;
  /** Set at the call's end: whether the eval's own schema check accepted it. */
  check?: 'valid' | 'invalid' | 'not_a_render_tool';
}

/**
 * Sends one user message to `POST /api/agent` the way the web app does (NDJSON, `clientTools: true`) and reads
 * the run to its end. The eval is the attached browser: each typed render call is validated with the shared
 * schema and answered at once, so the run resumes as it would for a user.
 */
export async function driveAgentTurn({
  baseUrl,
  threadId,
  text,
  clock = () => performance.now(),
}: {
  baseUrl: string;
  threadId: string;
  text: string;
  clock?: () => number;
}): Promise<AgentTurnRecord> {
  const startedAt = clock();
  const elapsed = () => Math.round(clock() - startedAt) / 1000;
  const record: AgentTurnRecord = {
    problems: [],
    kinds: [],
    firstEventSeconds: null,
    widgetCompleteSeconds: null,
    firstMarkupSeconds: null,
    cssBeforeMarkup: null,
  };
  let cssSoFar = 0;
  const problem = (code: EvalProblem['code'], message: string) =>
    record.problems.push({ code, phase: 'reply', message });
  const input = buildRunAgentInput({
    threadId,
    runId: crypto.randomUUID(),
    userMessageId: crypto.randomUUID(),
    text,
    drawbridge: { clientTools: true },
  });
  const response = await fetch(`${baseUrl}/api/agent`, runAgentRequestInit({ input }));
  if (!response.ok || response.body === null) {
    problem(
      'run_error',
      `POST /api/agent answered ${response.status}: ${(await response.text()).slice(0, 300)}`,
    );
    return record;
  }

  const openCalls = new Map<string, OpenToolCall>();
  const answers: Promise<void>[] = [];
  let widgetOpen = false;
  const failedEdits = new Set<string>();
  const noteOutput = () => {
    record.firstEventSeconds ??= elapsed();
  };
  try {
    for await (const event of decodeEventStream(response.body)) {
      if (isDrawbridgeActivity(event, 'drawbridge.widget')) {
        const { parts, revision, refusal } = widgetActivityChanges(event);
        // The server keeps the widget as it was and says why; the page would show the old widget working.
        const failure = revision?.failure;
        if (failure !== undefined && !failedEdits.has(event.messageId)) {
          failedEdits.add(event.messageId);
          problem('edit_failed', `${failure.code}: ${failure.message}`);
        }
        for (const { part, delta } of parts) {
          noteOutput();
          if (record.firstMarkupSeconds === null) {
            if (part === 'css') cssSoFar += delta.length;
            else if (part === 'html' && delta !== '') {
              record.firstMarkupSeconds = elapsed();
              record.cssBeforeMarkup = cssSoFar;
            }
          }
          if (part === 'end') {
            widgetOpen = false;
            record.kinds.push('widget');
            record.widgetCompleteSeconds = elapsed();
          } else widgetOpen = true;
        }
        if (refusal !== undefined) {
          // Stopped at a limit: nothing more of it comes, and the page does not draw it.
          widgetOpen = false;
          problem('widget_refused', `${refusal.code}: ${refusal.message}`);
        }
        continue;
      }
      switch (event.type) {
        case EventType.TEXT_MESSAGE_CONTENT:
          noteOutput();
          break;
        case EventType.TOOL_CALL_START:
          noteOutput();
          openCalls.set(event.toolCallId, { name: event.toolCallName, args: '' });
          break;
        case EventType.TOOL_CALL_ARGS: {
          const call = openCalls.get(event.toolCallId);
          if (call) call.args += event.delta;
          break;
        }
        case EventType.TOOL_CALL_END: {
          const call = openCalls.get(event.toolCallId);
          if (call === undefined) break;
          const check = checkRenderCall({ toolName: call.name, argsJson: call.args });
          call.check = check.status;
          if (check.status === 'valid') {
            record.kinds.push(call.name);
            record.widgetCompleteSeconds = elapsed();
            answers.push(
              answerCall({ baseUrl, threadId, toolCallId: event.toolCallId, result: check.answer }),
            );
          } else if (check.status === 'invalid') {
            // The server validates with the same schema before parking, so there is no call to answer.
            problem('invalid_tool_call', `${call.name}: ${check.reason}`);
          }
          break;
        }
        case EventType.TOOL_CALL_RESULT: {
          const call = openCalls.get(event.toolCallId);
          const content = typeof event.content === 'string' ? event.content : JSON.stringify(event.content);
          if (call?.name === sendA2uiToolName) {
            // An A2UI surface is judged by the server with the schemas the page draws with: drawn, or refused.
            if (content.startsWith('Error:'))
              problem('invalid_tool_call', `${call.name}: ${content.slice(0, 300)}`);
            else {
              record.kinds.push('a2ui');
              record.widgetCompleteSeconds = elapsed();
            }
            break;
          }
          if (!content.startsWith('Error:') || call?.check === 'invalid') break;
          if (call?.check === 'valid') {
            // The schema passed but the tool's own rules refused it (the server checks more than the shape).
            record.kinds.splice(record.kinds.lastIndexOf(call.name), 1);
            problem('invalid_tool_call', `${call.name}: ${content.slice(0, 300)}`);
          } else problem('tool_error', `${call?.name ?? event.toolCallId}: ${content.slice(0, 300)}`);
          break;
        }
        case EventType.RUN_ERROR:
          problem('run_error', `${event.code ?? 'error'}: ${event.message}`);
          break;
        default:
          break;
      }
    }
  } catch (error) {
    problem('run_error', `The run stream broke: ${error instanceof Error ? error.message : String(error)}`);
  }
  await Promise.all(answers);
  if (widgetOpen) problem('widget_incomplete', 'The reply started a widget block but never sent @@END@@.');
  return record;
}

async function answerCall({
  baseUrl,
  threadId,
  toolCallId,
  result,
}: {
  baseUrl: string;
  threadId: string;
  toolCallId: string;
  result: ToolResult;
}): Promise<void> {
  // An invalid call was refused by the server before parking, so its answer finds no open call: that is expected.
  await fetch(`${baseUrl}/api/threads/${encodeURIComponent(threadId)}/tool-results`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ toolCallId, result }),
  }).then((response) => response.body?.cancel());
}
