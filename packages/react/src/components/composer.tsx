import {
  type ClipboardEvent,
  type FormEvent,
  type KeyboardEvent,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { composeMessage, describePastedText, isLargeText } from './pasted-text.ts';
import { PasteIcon } from './pasted-text-block.tsx';

const maximumComposerHeight = 240;

/** A long paste waiting in the composer, sent after the typed text. */
interface PastedAttachment {
  id: number;
  text: string;
}

/**
 * The message box: Enter sends, Shift+Enter adds a line, grows with its text; Stop while a reply runs. A
 * long paste (over 2,000 characters or 40 lines) waits above the text as a block of its own.
 */
export function Composer({
  running,
  onSend,
  onStop,
  inputId,
  placeholder = 'Ask for a chart, a form, a 3D scene…',
}: {
  /** Whether a reply runs (`snapshot.status.phase === 'running'`): Stop shows in place of Send. */
  running: boolean;
  /** Sends the message (`client.send`); true when it was taken, and the box is then emptied. */
  onSend(text: string): boolean;
  /** Stops the reply (`client.stop`). */
  onStop(): void;
  /** The text box's id (a page's shortcuts may focus it); default one of React's own. */
  inputId?: string;
  placeholder?: string;
}) {
  const generatedId = useId();
  const textboxId = inputId ?? generatedId;
  const hintId = `${textboxId}-hint`;
  const [text, setText] = useState('');
  const [pasted, setPasted] = useState<PastedAttachment[]>([]);
  const nextPasteId = useRef(1);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const hasContent = text.trim() !== '' || pasted.length > 0;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the height follows the text.
  useLayoutEffect(() => {
    const textarea = textareaRef.current;
    if (!textarea) {
      return;
    }
    textarea.style.height = 'auto';
    textarea.style.height = `${Math.min(textarea.scrollHeight, maximumComposerHeight)}px`;
  }, [text]);

  const submit = () => {
    if (running || !hasContent) {
      return;
    }
    if (onSend(composeMessage({ typed: text, pasted: pasted.map((attachment) => attachment.text) }))) {
      setText('');
      setPasted([]);
    }
  };

  const handlePaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const pastedText = event.clipboardData.getData('text/plain');
    if (!isLargeText(pastedText)) return;
    event.preventDefault();
    const id = nextPasteId.current;
    nextPasteId.current += 1;
    setPasted((current) => [...current, { id, text: pastedText }]);
  };

  const removePasted = (id: number) => {
    setPasted((current) => current.filter((attachment) => attachment.id !== id));
    textareaRef.current?.focus();
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // While an input method is composing, Enter confirms the composition rather than sending.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  return (
    <form className="db-composer" onSubmit={handleSubmit} aria-label="Send a message">
      {pasted.length > 0 && (
        <ul className="db-composer__attachments" aria-label="Pasted text to send">
          {pasted.map((attachment) => (
            <li key={attachment.id} className="db-composer__attachment">
              <PasteIcon />
              <span className="db-composer__attachment-text">
                <span className="db-composer__attachment-title">Pasted text</span>
                <span className="db-composer__attachment-size">{describePastedText(attachment.text)}</span>
              </span>
              <button
                type="button"
                className="db-composer__attachment-remove"
                aria-label={`Remove pasted text (${describePastedText(attachment.text)})`}
                onClick={() => removePasted(attachment.id)}
              >
                <svg viewBox="0 0 20 20" width="14" height="14" aria-hidden="true">
                  <path
                    d="M5 5l10 10M15 5L5 15"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.8"
                    strokeLinecap="round"
                  />
                </svg>
              </button>
            </li>
          ))}
        </ul>
      )}
      <label htmlFor={textboxId} className="db-visually-hidden">
        Message
      </label>
      <textarea
        id={textboxId}
        ref={textareaRef}
        className="db-composer__input"
        rows={1}
        placeholder={placeholder}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={handleKeyDown}
        onPaste={handlePaste}
        aria-describedby={hintId}
      />
      <span id={hintId} className="db-visually-hidden">
        Enter sends, Shift+Enter starts a new line.
      </span>
      {/* Distinct keys: the Send button must be a new element, or the click that stops the reply would
          also submit the draft through the button it turned into. */}
      {running ? (
        <button
          key="stop"
          type="button"
          className="db-composer__button db-composer__button--stop"
          onClick={(event) => {
            event.preventDefault();
            onStop();
          }}
        >
          <span className="db-composer__stop-icon" aria-hidden="true" />
          Stop
        </button>
      ) : (
        <button
          key="send"
          type="submit"
          className="db-composer__button"
          disabled={!hasContent}
          aria-label="Send message"
        >
          <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
            <path
              d="M3 10h12M10 4l6 6-6 6"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
        </button>
      )}
    </form>
  );
}
