import type { AttachmentMediaType } from '@drawbridge/protocol';

/** The type the server stores a file under, or why it takes none. */
export type AttachmentTypeDecision =
  | { accepted: true; mediaType: AttachmentMediaType }
  | { accepted: false; reason: string };

/** Signatures of the binary formats we take, checked against the file's first bytes. */
const signatures: readonly { mediaType: AttachmentMediaType; matches(bytes: Uint8Array): boolean }[] = [
  {
    mediaType: 'image/png',
    matches: (bytes) => startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  { mediaType: 'image/jpeg', matches: (bytes) => startsWith(bytes, [0xff, 0xd8, 0xff]) },
  {
    mediaType: 'image/gif',
    matches: (bytes) => ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a',
  },
  {
    mediaType: 'image/webp',
    matches: (bytes) => ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP',
  },
  { mediaType: 'application/pdf', matches: (bytes) => ascii(bytes, 0, 5) === '%PDF-' },
];

/** Text is stored as one of these by its extension, and as plain text otherwise. */
const textTypesByExtension: Readonly<Record<string, AttachmentMediaType>> = {
  csv: 'text/csv',
  md: 'text/markdown',
  markdown: 'text/markdown',
  json: 'application/json',
};

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((byte, index) => bytes[index] === byte);
}

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...bytes.subarray(from, to));
}

function isText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    // Not UTF-8: a binary format we do not take.
    return false;
  }
}

/**
 * Decides a file's type from its bytes — what the client declares is never trusted. Raster images (PNG, JPEG,
 * GIF, WebP) and PDF are recognised by their signatures; any other file is taken only as UTF-8 text without
 * NUL characters, stored as CSV, Markdown or JSON by its extension and as plain text otherwise. So an SVG or
 * an HTML page is kept as the plain text it is and never served as something a browser would run, and an
 * executable, an archive or a Word file is refused.
 */
export function decideAttachmentType({
  name,
  bytes,
}: {
  name: string;
  bytes: Uint8Array;
}): AttachmentTypeDecision {
  const signature = signatures.find((candidate) => candidate.matches(bytes));
  if (signature !== undefined) return { accepted: true, mediaType: signature.mediaType };
  if (!isText(bytes)) {
    return {
      accepted: false,
      reason: `"${name}" is not a file type this server takes: send an image (PNG, JPEG, GIF, WebP), a PDF or a UTF-8 text file.`,
    };
  }
  const extension = /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';
  return { accepted: true, mediaType: textTypesByExtension[extension] ?? 'text/plain' };
}
