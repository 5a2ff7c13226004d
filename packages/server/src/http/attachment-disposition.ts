/**
 * A `Content-Disposition` that downloads as `fileName`. A name with characters outside printable ASCII goes
 * as RFC 6266's `filename*` (UTF-8, percent-encoded), with `fallback` as the plain `filename` for clients
 * that read only that; quotes and backslashes never reach the header.
 */
export function attachmentDisposition({
  fileName,
  fallback,
}: {
  fileName: string;
  fallback: string;
}): string {
  const plain = /^[\x20-\x7e]+$/.test(fileName) && !/["\\]/.test(fileName);
  if (plain) return `attachment; filename="${fileName}"`;
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
