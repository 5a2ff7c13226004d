import type { Attachment } from '@drawbridge/protocol';
import {
  type ClipboardEvent,
  type DragEvent,
  type FormEvent,
  type KeyboardEvent,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { ComposerFileChip } from './composer-file-chip.tsx';
import { composeMessage, describePastedText, isLargeText } from './pasted-text.ts';
import { PasteIcon } from './pasted-text-block.tsx';
import { type UploadFile, useComposerFiles } from './use-composer-files.ts';

/** What the file picker offers: the types the server takes (it decides from the bytes all the same). */
const acceptedFiles = 'image/png,image/jpeg,image/gif,image/webp,application/pdf,text/*,.csv,.md,.json';

const maximumComposerHeight = 240;

/** A long paste waiting in the composer, sent after the typed text. */
interface PastedAttachment {
  id: number;
  text: string;
}

/**
 * The message box: Enter sends, Shift+Enter adds a line, grows with its text; Stop while a reply runs. A
 * long paste (over 2,000 characters or 40 lines) waits above the text as a block of its own. With
 * `uploadFile`, files picked with the paper clip, dropped on the box or pasted into it are uploaded at once
 * and wait above the text too, each with its state; the message is sent with those that uploaded.
 */
export function Composer({
  running,
  onSend,
  onStop,
  uploadFile,
  inputId,
  placeholder = 'Ask for a chart, a form, a 3D scene…',
}: {
  /** Whether a reply runs (`snapshot.status.phase === 'running'`): Stop shows in place of Send. */
  running: boolean;
  /**
   * Sends the message (`client.send(text, { attachments })`) with the files uploaded for it; true when it was
   * taken, and the box is then emptied.
   */
  onSend(text: string, attachments: readonly Attachment[]): boolean;
  /** Uploads a file (`uploadAttachment`); without it the composer takes no files. */
  uploadFile?: UploadFile;
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
  const fileInputRef = useRef<HTMLInputElement>(null);
  const files = useComposerFiles(uploadFile);
  const [dropping, setDropping] = useState(false);
  const hasContent = text.trim() !== '' || pasted.length > 0 || files.attachments.length > 0;

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
    // A file still uploading would be left behind: the message waits for it.
    if (running || !hasContent || files.uploading) {
      return;
    }
    const message = composeMessage({ typed: text, pasted: pasted.map((attachment) => attachment.text) });
    if (onSend(message, files.attachments)) {
      setText('');
      setPasted([]);
      files.clear();
    }
  };

  const handlePaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    if (uploadFile !== undefined && event.clipboardData.files.length > 0) {
      event.preventDefault();
      files.add([...event.clipboardData.files]);
      return;
    }
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

  const carriesFiles = (event: DragEvent) =>
    uploadFile !== undefined && event.dataTransfer.types.includes('Files');
  const dropHandlers = {
    onDragOver: (event: DragEvent<HTMLFormElement>) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      setDropping(true);
    },
    onDragLeave: (event: DragEvent<HTMLFormElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDropping(false);
    },
    onDrop: (event: DragEvent<HTMLFormElement>) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      setDropping(false);
      files.add([...event.dataTransfer.files]);
    },
  };

  return (
    <form
      className={`db-composer${dropping ? ' db-composer--dropping' : ''}`}
      onSubmit={handleSubmit}
      aria-label="Send a message"
      {...dropHandlers}
    >
      {files.files.length > 0 && (
        <ul className="db-composer__attachments" aria-label="Files to send">
          {files.files.map((file) => (
            <ComposerFileChip key={file.key} file={file} onRemove={() => files.remove(file.key)} />
          ))}
        </ul>
      )}
      {files.note && (
        <p className="db-composer__note" role="alert">
          {files.note}
        </p>
      )}
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
      {uploadFile !== undefined && (
        <>
          <button
            type="button"
            className="db-composer__attach"
            aria-label="Attach files"
            title="Attach images, PDFs or text files"
            onClick={() => fileInputRef.current?.click()}
          >
            <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
              <path
                d="M14.5 9.5l-5.3 5.3a3.2 3.2 0 01-4.5-4.5l6-6a2.1 2.1 0 013 3l-6 6a1 1 0 01-1.5-1.5l5.3-5.3"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.6"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </button>
          <input
            ref={fileInputRef}
            type="file"
            multiple
            accept={acceptedFiles}
            className="db-visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(event) => {
              files.add([...(event.target.files ?? [])]);
              // The same file picked again after removing it must fire `change` again.
              event.target.value = '';
            }}
          />
        </>
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
          disabled={!hasContent || files.uploading}
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
