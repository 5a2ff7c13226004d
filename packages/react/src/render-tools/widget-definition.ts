import type { FormAnswers, ToolResult } from '@drawbridge/protocol';
import type { ReactNode } from 'react';

/** Whether whoever owns the conversation took a form's answers, and if not, why (shown on the form). */
export interface FormSubmitOutcome {
  ok: boolean;
  message: string;
}

/** What a widget's render function may call back into the chat with. */
export interface WidgetRenderProps {
  /**
   * A form's answers, sent by the chat as the user's next message; a refusal says why (a reply is running).
   * A promise when the answer comes later (an MCP host's `ui/message`).
   */
  onSubmitForm?(answers: FormAnswers['values']): FormSubmitOutcome | Promise<FormSubmitOutcome>;
  /** A form the user already sent (a reloaded thread): drawn as sent, with these answers. */
  sentAnswers?: FormAnswers['values'];
}

export type WidgetValidation<Args> = { ok: true; args: Args } | { ok: false; reason: string };

/** One typed widget the agent may call by name: how to check its arguments, draw it, and acknowledge it. */
export interface WidgetDefinition<Args = unknown> {
  validate(args: unknown): WidgetValidation<Args>;
  render(args: Args, props: WidgetRenderProps): ReactNode;
  /** The one line the model reads back after the widget was drawn. */
  ack: string;
  /**
   * For widgets that act rather than only draw (`dashboard_control`): runs once per live call, never on
   * reload, and its answer replaces `ack`.
   */
  execute?(args: Args): ToolResult;
}

/** Name → widget. A `Map`, so an agent-chosen name such as `constructor` resolves to nothing. */
export type WidgetRegistry = ReadonlyMap<string, WidgetDefinition>;

/**
 * Erases a widget's argument type so widgets of different shapes share one registry; safe because
 * `render` and `execute` only ever receive what the same definition's `validate` returned.
 */
export function defineWidget<Args>(definition: WidgetDefinition<Args>): WidgetDefinition {
  return definition as unknown as WidgetDefinition;
}
