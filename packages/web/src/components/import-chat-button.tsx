import { useRef } from 'react';

/** "Import a chat": picks a JSON export (the chat menu's "Export as JSON") to make a new chat of it. */
export function ImportChatButton({ onImport }: { onImport(file: File): void }) {
  const inputRef = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        className="sidebar__foot-button sidebar__import"
        onClick={() => inputRef.current?.click()}
      >
        Import a chat (JSON)
      </button>
      <input
        ref={inputRef}
        type="file"
        accept=".json,application/json"
        className="visually-hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // The same file picked again must fire `change` again.
          event.target.value = '';
          if (file) onImport(file);
        }}
      />
    </>
  );
}
