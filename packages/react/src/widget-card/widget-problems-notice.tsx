import type { WidgetProblem } from './widget-repair-request.ts';

/**
 * What a widget reported about itself, under the card. Widget code can post any text as an "error", so the
 * app says in its own words that the widget reported something and shows the widget's text as a quote
 * (one line each, bounded when collected), never as a message of the app's. "Fix it" is offered when the
 * card may ask for a repair.
 */
export function WidgetProblemsNotice({
  problems,
  onFix,
  fixRequested,
}: {
  problems: readonly WidgetProblem[];
  onFix?: () => void;
  fixRequested: boolean;
}) {
  return (
    <div className="db-widget-card__error" role="alert">
      <p className="db-widget-card__error-lead">
        {problems.length === 1
          ? 'The widget reported an error:'
          : `The widget reported ${problems.length} errors:`}
      </p>
      <ul className="db-widget-card__claims">
        {problems.map((problem) => (
          <li key={`${problem.line}:${problem.message}`}>
            <q className="db-widget-card__claim">{problem.message}</q>
            {problem.line === undefined ? '' : ` (line ${problem.line})`}
          </li>
        ))}
      </ul>
      {onFix && (
        <button
          type="button"
          className="db-button db-button--secondary db-widget-card__fix"
          disabled={fixRequested}
          onClick={onFix}
        >
          <svg viewBox="0 0 20 20" width="15" height="15" aria-hidden="true">
            <path
              d="M12.6 3.4a4 4 0 0 0-4.9 5.3l-4.3 4.3a1.5 1.5 0 0 0 2.1 2.1l4.3-4.3a4 4 0 0 0 5.3-4.9l-2.4 2.4-2.1-.5-.5-2.1z"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.5"
              strokeLinejoin="round"
            />
          </svg>
          {fixRequested ? 'Fix requested' : 'Fix it'}
        </button>
      )}
    </div>
  );
}
