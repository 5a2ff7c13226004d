import { Component, type ReactNode } from 'react';
import { WidgetProblem } from './widget-problem.tsx';

interface AcknowledgeWhenDrawnProps {
  /** The tool's name, for the card that stands in for a widget that could not be drawn. */
  tool: string;
  children: ReactNode;
  /** The widget is on screen: it mounted without throwing. */
  onDrawn(): void;
  /** Drawing it threw; `message` says why, in the words the model reads. */
  onFailed(message: string): void;
}

// The answer's message is bounded (the tool result schema takes 2,000 characters); a reason is a sentence.
const longestReason = 500;

function describeFailure(error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  return reason.length > longestReason ? `${reason.slice(0, longestReason - 1)}…` : reason;
}

/**
 * Draws a parked call's widget and says when it is really on screen: `onDrawn` once React has mounted it
 * without an error, `onFailed` with the error when it threw while drawing (an error boundary, so the
 * failure stays on this card and the card says it). A widget the browser could not draw is never
 * acknowledged as drawn, and so never persisted as one.
 */
export class AcknowledgeWhenDrawn extends Component<AcknowledgeWhenDrawnProps, { failure?: string }> {
  override state: { failure?: string } = {};

  static getDerivedStateFromError(error: unknown): { failure: string } {
    return { failure: describeFailure(error) };
  }

  override componentDidMount(): void {
    // Children mount before their parent: here they are committed, unless one threw (then the state says).
    if (this.state.failure === undefined) this.props.onDrawn();
  }

  override componentDidCatch(error: unknown): void {
    this.props.onFailed(describeFailure(error));
  }

  override render(): ReactNode {
    if (this.state.failure !== undefined) {
      return (
        <WidgetProblem tool={this.props.tool} message={`It could not be drawn: ${this.state.failure}`} />
      );
    }
    return this.props.children;
  }
}
