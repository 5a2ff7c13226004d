import { createHash } from 'node:crypto';

/** JSON with object keys sorted, so the same arguments always give the same digest. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    const record = value as Record<string, unknown>;
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** SHA-256 (hex) of the canonical JSON of a tool's arguments. */
export function argumentsDigest(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}
