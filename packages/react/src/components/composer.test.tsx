// @vitest-environment happy-dom
import type { Attachment } from '@drawbridge/protocol';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Composer } from './composer.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLElement;
let root: Root;

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  // happy-dom has no object URLs of its own.
  URL.createObjectURL = () => 'blob:preview';
  URL.revokeObjectURL = () => {};
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

function attachmentFor(file: File, index: number): Attachment {
  return { id: `a${index}`, name: file.name, mediaType: 'text/csv', size: file.size };
}

/** Picks files with the composer's hidden input, as the paper clip's dialog would. */
async function pick(files: File[]) {
  const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
  Object.defineProperty(input, 'files', { value: files, configurable: true });
  await act(async () => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

function sendButton() {
  return container.querySelector<HTMLButtonElement>('button[aria-label="Send message"]')!;
}

describe('Composer with files', () => {
  it('uploads a picked file at once, shows it, and sends the message with it', async () => {
    let finish: () => void = () => {};
    const uploadFile = vi.fn(
      (file: File) => new Promise<Attachment>((resolve) => (finish = () => resolve(attachmentFor(file, 1)))),
    );
    const onSend = vi.fn(() => true);
    act(() =>
      root.render(<Composer running={false} onSend={onSend} onStop={() => {}} uploadFile={uploadFile} />),
    );

    await pick([new File(['city,people\nOslo,1\n'], 'cities.csv', { type: 'text/csv' })]);
    expect(uploadFile).toHaveBeenCalledTimes(1);
    expect(container.querySelector('[aria-label="Files to send"]')?.textContent).toContain('cities.csv');
    expect(container.textContent).toContain('Uploading…');
    // Nothing to send until the file is up: a message sent now would leave it behind.
    expect(sendButton().disabled).toBe(true);

    await act(async () => finish());
    expect(sendButton().disabled).toBe(false);
    await act(async () => sendButton().click());
    expect(onSend).toHaveBeenCalledWith('', [
      { id: 'a1', name: 'cities.csv', mediaType: 'text/csv', size: 19 },
    ]);
    expect(container.querySelector('[aria-label="Files to send"]')).toBeNull();
  });

  it("shows the server's refusal on the file, and does not send it", async () => {
    const uploadFile = vi.fn(async () => {
      throw new Error('"setup.exe" is not a file type this server takes.');
    });
    const onSend = vi.fn(() => true);
    act(() =>
      root.render(<Composer running={false} onSend={onSend} onStop={() => {}} uploadFile={uploadFile} />),
    );
    await pick([new File(['MZ'], 'setup.exe')]);
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(
      '"setup.exe" is not a file type this server takes.',
    );
    expect(sendButton().disabled).toBe(true);
  });

  it('takes at most five files for one message and says so', async () => {
    const uploadFile = vi.fn(async (file: File) => attachmentFor(file, 0));
    act(() =>
      root.render(<Composer running={false} onSend={() => true} onStop={() => {}} uploadFile={uploadFile} />),
    );
    await pick(Array.from({ length: 7 }, (_, index) => new File(['x'], `f${index}.txt`)));
    expect(uploadFile).toHaveBeenCalledTimes(5);
    expect(container.textContent).toContain('At most 5 files go with one message.');
  });

  it('offers no paper clip without an upload function', () => {
    act(() => root.render(<Composer running={false} onSend={() => true} onStop={() => {}} />));
    expect(container.querySelector('[aria-label="Attach files"]')).toBeNull();
    expect(container.querySelector('input[type="file"]')).toBeNull();
  });
});
