import { type FormEvent, type KeyboardEvent, useLayoutEffect, useRef, useState } from 'react';

const maximumComposerHeight = 240;

/** The message box: Enter sends, Shift+Enter adds a line, grows with its text; Stop while a reply runs. */
export function Composer({
  running,
  onSend,
  onStop,
}: {
  running: boolean;
  onSend(text: string): boolean;
  onStop(): void;
}) {
  const [text, setText] = useState('');
  const textareaRef = useRef<HTMLTextAreaElement>(null);

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
    if (running || !text.trim()) {
      return;
    }
    if (onSend(text)) {
      setText('');
    }
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
    <form className="composer" onSubmit={handleSubmit} aria-label="Send a message">
      <label htmlFor="composer-input" className="visually-hidden">
        Message
      </label>
      <textarea
        id="composer-input"
        ref={textareaRef}
        className="composer__input"
        rows={1}
        placeholder="Ask for a chart, a form, a 3D scene…"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={handleKeyDown}
        aria-describedby="composer-hint"
      />
      <span id="composer-hint" className="visually-hidden">
        Enter sends, Shift+Enter starts a new line.
      </span>
      {/* Distinct keys: the Send button must be a new element, or the click that stops the reply would
          also submit the draft through the button it turned into. */}
      {running ? (
        <button
          key="stop"
          type="button"
          className="composer__button composer__button--stop"
          onClick={(event) => {
            event.preventDefault();
            onStop();
          }}
        >
          <span className="composer__stop-icon" aria-hidden="true" />
          Stop
        </button>
      ) : (
        <button
          key="send"
          type="submit"
          className="composer__button"
          disabled={!text.trim()}
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
