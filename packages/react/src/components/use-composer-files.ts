import { type Attachment, attachmentLimits } from '@drawbridge/protocol';
import { useCallback, useEffect, useRef, useState } from 'react';

/** A file in the composer: uploading, ready to send, or refused with the reason to show. */
export interface ComposerFile {
  key: number;
  name: string;
  size: number;
  /** An object URL of a picked image, for its thumbnail; revoked when the file leaves the composer. */
  previewUrl?: string;
  status: 'uploading' | 'ready' | 'failed';
  attachment?: Attachment;
  error?: string;
}

/** Uploads one file and resolves to what the server stored (`uploadAttachment` with the app's base URL). */
export type UploadFile = (file: File) => Promise<Attachment>;

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : 'The file could not be uploaded.';
}

/**
 * The files waiting in a composer: each is uploaded as soon as it is picked, dropped or pasted, and shown
 * with its state; a sent message takes `attachments` (the uploaded ones) and `clear()`s the list. At most
 * `attachmentLimits.maxPerMessage` files wait at once; the rest are refused with a note.
 */
export function useComposerFiles(upload: UploadFile | undefined) {
  const [files, setFiles] = useState<ComposerFile[]>([]);
  const [note, setNote] = useState<string | undefined>();
  const nextKey = useRef(1);
  const filesRef = useRef(files);
  filesRef.current = files;

  // Thumbnails are object URLs: the ones still shown go when the composer does.
  useEffect(
    () => () => {
      for (const file of filesRef.current) if (file.previewUrl) URL.revokeObjectURL(file.previewUrl);
    },
    [],
  );

  const update = useCallback((key: number, change: Partial<ComposerFile>) => {
    setFiles((current) => current.map((file) => (file.key === key ? { ...file, ...change } : file)));
  }, []);

  const add = useCallback(
    (picked: readonly File[]) => {
      if (upload === undefined || picked.length === 0) return;
      const room = attachmentLimits.maxPerMessage - filesRef.current.length;
      const taken = picked.slice(0, Math.max(0, room));
      setNote(
        taken.length < picked.length
          ? `At most ${attachmentLimits.maxPerMessage} files go with one message.`
          : undefined,
      );
      const added = taken.map((file): ComposerFile => {
        const key = nextKey.current;
        nextKey.current += 1;
        void upload(file).then(
          (attachment) => update(key, { status: 'ready', attachment }),
          (error: unknown) => update(key, { status: 'failed', error: reasonOf(error) }),
        );
        return {
          key,
          name: file.name || 'pasted file',
          size: file.size,
          status: 'uploading',
          ...(file.type.startsWith('image/') ? { previewUrl: URL.createObjectURL(file) } : {}),
        };
      });
      setFiles((current) => [...current, ...added]);
    },
    [upload, update],
  );

  const remove = useCallback((key: number) => {
    setNote(undefined);
    setFiles((current) => {
      const removed = current.find((file) => file.key === key);
      if (removed?.previewUrl) URL.revokeObjectURL(removed.previewUrl);
      return current.filter((file) => file.key !== key);
    });
  }, []);

  /** Empties the list (after a send took the uploaded files). */
  const clear = useCallback(() => {
    for (const file of filesRef.current) if (file.previewUrl) URL.revokeObjectURL(file.previewUrl);
    setFiles([]);
    setNote(undefined);
  }, []);

  return {
    files,
    note,
    add,
    remove,
    clear,
    /** The uploaded files, in the order they were added. */
    attachments: files.flatMap((file) => (file.attachment ? [file.attachment] : [])),
    uploading: files.some((file) => file.status === 'uploading'),
  };
}
