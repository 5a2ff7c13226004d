import { useEffect, useState } from 'react';
import { copyFeedbackMs, copyToClipboard } from './copy-to-clipboard.ts';

/** How the last copy went: on the clipboard, or refused by the browser. */
export type CopyOutcome = 'copied' | 'refused';

/**
 * A copy button's state: `copy(text)` writes to the clipboard, and `copied` says how it went for
 * `copyFeedbackMs`, then is `undefined` again.
 */
export function useCopyFeedback(): { copied: CopyOutcome | undefined; copy(text: string): void } {
  const [copied, setCopied] = useState<CopyOutcome | undefined>();
  useEffect(() => {
    if (copied === undefined) return;
    const timer = setTimeout(() => setCopied(undefined), copyFeedbackMs);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = (text: string) =>
    void copyToClipboard(text).then((ok) => setCopied(ok ? 'copied' : 'refused'));
  return { copied, copy };
}
