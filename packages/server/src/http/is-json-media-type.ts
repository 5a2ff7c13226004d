/** Whether a `Content-Type` declares JSON (`application/json` or any `+json` type), parameters aside. */
export function isJsonMediaType(contentType: string | undefined): boolean {
  const mediaType = contentType?.split(';')[0]?.trim().toLowerCase();
  return mediaType === 'application/json' || (mediaType?.endsWith('+json') ?? false);
}
