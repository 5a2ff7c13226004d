/** Stable names of everything that makes a case fail; `message` says the specifics. */
export type EvalProblemCode =
  | 'run_error'
  | 'no_widget'
  | 'widget_incomplete'
  | 'edit_failed'
  | 'widget_refused'
  | 'invalid_tool_call'
  | 'tool_error'
  | 'not_rendered'
  | 'scrolls_in_frame'
  | 'script_error'
  | 'unhandled_rejection'
  | 'csp_violation'
  | 'navigated_away'
  | 'typed_widget_problem'
  | 'page_error'
  | 'eval_error';

/** When a problem showed: while the reply streamed and rendered, or while the eval poked the widget. */
export type EvalPhase = 'reply' | 'render' | 'interaction';

export interface EvalProblem {
  code: EvalProblemCode;
  phase: EvalPhase;
  message: string;
  /** The poke that preceded it, e.g. `click button "Start"` (interaction problems only). */
  action?: string;
}
