/**
 * Says that the chat on screen is archived, so not in the list beside it (it was opened by its link, or archived
 * while open), with Unarchive to bring it back there.
 */
export function ArchivedChatNote({ onUnarchive }: { onUnarchive(): void }) {
  return (
    <p className="archived-note" role="status">
      <span>This chat is archived: it is not in the chat list.</span>
      <button type="button" className="archived-note__action" onClick={onUnarchive}>
        Unarchive
      </button>
    </p>
  );
}
