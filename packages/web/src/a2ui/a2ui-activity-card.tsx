import {
  a2uiMessagesOf,
  describeA2uiActivityProblem,
  foldA2uiActivity,
  isA2uiSurfaceReady,
  type ReplyActivity,
} from '@drawbridge/protocol';
import { memo, useMemo } from 'react';
import { A2uiSurfaceView } from './a2ui-surface-view.tsx';
import './a2ui-surface.css';

/**
 * An `a2ui-surface` activity (from our model or any agent behind `@ag-ui/a2ui-middleware`): its messages
 * validated and folded into surfaces, each drawn natively. An invalid message draws nothing but a clear
 * error naming it; a surface still streaming in shows what has arrived, and says it is not finished.
 * Memoised: a reply holding many surfaces redraws only the one an event changed (its content is a new object).
 */
export const A2uiActivityCard = memo(function A2uiActivityCard({
  activity,
  streaming,
}: {
  activity: ReplyActivity;
  streaming: boolean;
}) {
  const fold = useMemo(() => foldA2uiActivity(activity.content), [activity.content]);
  const { status, error, attempt, maxAttempts } = activity.content as Record<string, unknown>;

  if (!fold.success) {
    return (
      <div className="a2ui-problem" role="alert" data-a2ui-activity={activity.id}>
        <strong>This interface could not be drawn.</strong>
        <span>{describeA2uiActivityProblem(fold.problem)}</span>
      </div>
    );
  }
  if (status === 'failed' && a2uiMessagesOf(activity.content).length === 0) {
    return (
      <div className="a2ui-problem" role="alert" data-a2ui-activity={activity.id}>
        <strong>The assistant could not build this interface.</strong>
        {typeof error === 'string' && <span>{error}</span>}
      </div>
    );
  }
  const ready = fold.surfaces.filter(isA2uiSurfaceReady);
  if (ready.length === 0) {
    const retrying = status === 'retrying' && typeof attempt === 'number';
    const label = streaming
      ? retrying
        ? `Building the interface (attempt ${attempt}${typeof maxAttempts === 'number' ? ` of ${maxAttempts}` : ''})…`
        : 'Building the interface…'
      : fold.messageCount === 0
        ? 'The assistant did not finish this interface.'
        : fold.surfaces.length === 0
          ? 'The assistant closed this interface.'
          : 'The assistant never said to draw this interface (its root never arrived).';
    return (
      <div className="a2ui-building" role="status" data-a2ui-activity={activity.id}>
        {label}
      </div>
    );
  }
  return (
    <div className="a2ui-activity" data-a2ui-activity={activity.id}>
      {ready.map((surface) => (
        <A2uiSurfaceView key={surface.surfaceId} surface={surface} />
      ))}
    </div>
  );
});
