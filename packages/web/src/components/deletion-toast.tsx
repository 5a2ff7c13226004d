import type { PendingDeletion } from '../app/use-pending-deletions.ts';

/** Says which chat was just deleted and offers to bring it back while the deletion is still pending. */
export function DeletionToast({
  deletion,
  onUndo,
}: {
  deletion: PendingDeletion | undefined;
  onUndo(threadId: string): void;
}) {
  return (
    <div className="toast-region" role="status" aria-live="polite">
      {deletion && (
        <div className="toast">
          <span className="toast__text">Deleted “{deletion.title}”.</span>
          <button type="button" className="toast__action" onClick={() => onUndo(deletion.threadId)}>
            Undo
          </button>
        </div>
      )}
    </div>
  );
}
