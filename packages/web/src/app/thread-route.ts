/** The thread named in the URL (`#/t/<threadId>`), so a reload restores it. */
export function threadIdFromHash(hash: string): string | undefined {
  const match = /^#\/t\/([A-Za-z0-9_-]{1,128})$/.exec(hash);
  return match?.[1];
}

/** The hash that names a thread; the empty string for a new, unsaved chat. */
export function hashForThread(threadId: string | undefined): string {
  return threadId ? `#/t/${threadId}` : '';
}
