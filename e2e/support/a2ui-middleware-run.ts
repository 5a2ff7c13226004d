import { A2UIMiddleware } from '@ag-ui/a2ui-middleware-v08';
import { AbstractAgent, type BaseEvent, EventType, type RunAgentInput } from '@ag-ui/client';
import { Observable, toArray } from 'rxjs';

/**
 * An agent that writes what a model behind `@ag-ui/a2ui-middleware` writes: a sentence, then one call of
 * `send_a2ui_json_to_client` with `messages` as its `a2ui_json`. It records the input of every run it is given,
 * so a test can see what the middleware made of the client's request.
 */
class OneSurfaceAgent extends AbstractAgent {
  readonly inputs: RunAgentInput[] = [];
  readonly #surface: unknown[];

  constructor(surface: unknown[]) {
    super();
    this.#surface = surface;
  }

  override run(input: RunAgentInput): Observable<BaseEvent> {
    this.inputs.push(input);
    const messageId = `reply-${this.inputs.length}`;
    const toolCallId = `call-${this.inputs.length}`;
    const events: BaseEvent[] = [
      { type: EventType.RUN_STARTED, threadId: input.threadId, runId: input.runId } as BaseEvent,
      { type: EventType.TEXT_MESSAGE_START, messageId, role: 'assistant' } as BaseEvent,
      {
        type: EventType.TEXT_MESSAGE_CONTENT,
        messageId,
        delta: 'A surface from an agent behind the middleware. ',
      } as BaseEvent,
      { type: EventType.TEXT_MESSAGE_END, messageId } as BaseEvent,
      {
        type: EventType.TOOL_CALL_START,
        toolCallId,
        toolCallName: 'send_a2ui_json_to_client',
        parentMessageId: messageId,
      } as BaseEvent,
      {
        type: EventType.TOOL_CALL_ARGS,
        toolCallId,
        delta: JSON.stringify({ a2ui_json: JSON.stringify(this.#surface) }),
      } as BaseEvent,
      { type: EventType.TOOL_CALL_END, toolCallId } as BaseEvent,
      { type: EventType.RUN_FINISHED, threadId: input.threadId, runId: input.runId } as BaseEvent,
    ];
    return new Observable((subscriber) => {
      for (const event of events) subscriber.next(event);
      subscriber.complete();
    });
  }
}

/** The real middleware (0.0.2, the v0.8 one) in front of an agent that draws `surface`. */
export function middlewareAgent(surface: unknown[]) {
  const agent = new OneSurfaceAgent(surface);
  const middleware = new A2UIMiddleware();
  return {
    agent,
    /** Runs `input` through the middleware; resolves with every event it let out, in order. */
    run(input: RunAgentInput): Promise<BaseEvent[]> {
      return new Promise((resolve, reject) => {
        // The middleware's types name its own copy of @ag-ui/client; at run time it is this one.
        middleware
          .run(input, agent as never)
          .pipe(toArray())
          .subscribe({ next: (events) => resolve(events as BaseEvent[]), error: reject });
      });
    },
  };
}
