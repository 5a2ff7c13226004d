/** How long a copy button says "Copied" (or why it could not) before it reads "Copy" again. */
export const copyFeedbackMs = 1600;

/** Writes text to the clipboard; false when the browser refused (no permission, no secure context). */
export async function copyToClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
