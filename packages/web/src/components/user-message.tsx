import type { Attachment, MessageBranch } from '@drawbridge/protocol';
import { AttachmentList, messageSegments, PastedTextBlock, readWidgetRepairRequest } from '@drawbridge/react';
import { type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react';
import { MessageActions } from './message-actions.tsx';
import { ProseBlock } from './prose-block.tsx';
import { WidgetRepairRequestBubble } from './widget-repair-request-bubble.tsx';

/**
 * A message the user sent: typed text in a bubble, the files it carried and long pastes as attachment blocks
 * above it, with Copy and Edit. Editing replaces the bubble with a box; sending it replaces this message and
 * all after it (with the same files).
 */
export function UserMessage({
  text,
  attachments = [],
  busy,
  onEdit,
  branch,
  onSwitchBranch,
}: {
  text: string;
  attachments?: readonly Attachment[];
  busy: boolean;
  onEdit?: (text: string) => void;
  /** Other versions of this message (edits): which this is, and how to show another. */
  branch?: MessageBranch;
  onSwitchBranch?: (index: number) => void;
}) {
  const [editing, setEditing] = useState(false);
  const editButtonWanted = useRef(false);
  const articleRef = useRef<HTMLElement>(null);

  // Focus comes back to Edit when the box closes, so a keyboard user is where they were.
  useLayoutEffect(() => {
    if (editing || !editButtonWanted.current) return;
    editButtonWanted.current = false;
    articleRef.current?.querySelector<HTMLButtonElement>('[aria-label="Edit message"]')?.focus();
  }, [editing]);

  const close = () => {
    editButtonWanted.current = true;
    setEditing(false);
  };

  // A repair request "Fix it" sent is the app's words, not the user's: shown by what it asks, kept whole.
  const repair = readWidgetRepairRequest(text);
  // Pasted blocks sit above the typed text, as attachments do; the text is the message's own words.
  const segments = messageSegments(text)
    .filter((segment) => segment.text.trim() !== '')
    .sort((first, second) => Number(first.kind === 'text') - Number(second.kind === 'text'));
  return (
    <article ref={articleRef} className="message message--user" aria-label="You">
      {editing && onEdit ? (
        <MessageEditor
          text={text}
          onCancel={close}
          onSend={(edited) => {
            setEditing(false);
            onEdit(edited);
          }}
        />
      ) : (
        <>
          <AttachmentList attachments={attachments} />
          {repair ? (
            <WidgetRepairRequestBubble request={text} revisionNumber={repair.revisionNumber} />
          ) : (
            segments.map((segment, index) =>
              segment.kind === 'pasted' ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: segments are positions in an unchanging text.
                <PastedTextBlock key={index} text={segment.text} />
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: as above.
                <div key={index} className="message__user-text">
                  <ProseBlock text={segment.text} source="user" />
                </div>
              ),
            )
          )}
          <MessageActions
            label="Your"
            copyText={text}
            busy={busy}
            {...(onEdit ? { onEdit: () => setEditing(true) } : {})}
            {...(branch && onSwitchBranch ? { branch, onSwitchBranch } : {})}
          />
        </>
      )}
    </article>
  );
}

function MessageEditor({
  text,
  onCancel,
  onSend,
}: {
  text: string;
  onCancel(): void;
  onSend(text: string): void;
}) {
  const [draft, setDraft] = useState(text);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  useLayoutEffect(() => {
    const textarea = textareaRef.current;
    if (!textarea) return;
    textarea.focus();
    textarea.setSelectionRange(textarea.value.length, textarea.value.length);
  }, []);
  const send = () => {
    if (draft.trim() !== '') onSend(draft.trim());
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      // Escape here closes the editor only, not a drawer or dialog around it.
      event.stopPropagation();
      onCancel();
    } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      send();
    }
  };
  return (
    <form
      className="message-edit"
      aria-label="Edit message"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <textarea
        ref={textareaRef}
        className="message-edit__input"
        aria-label="Edited message"
        value={draft}
        rows={Math.min(12, Math.max(2, draft.split('\n').length))}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={handleKeyDown}
      />
      <p className="message-edit__note">Sending replaces this message and everything after it.</p>
      <div className="message-edit__buttons">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={draft.trim() === ''}>
          Send
        </button>
      </div>
    </form>
  );
}
