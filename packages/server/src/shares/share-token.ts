import { createHash, randomBytes } from 'node:crypto';

/** What a share token looks like: 32 random bytes as base64url, 43 characters. */
export const shareTokenPattern = /^[A-Za-z0-9_-]{43}$/;

/**
 * A new link's token: 256 random bits, so guessing one is hopeless and a plain digest (no salt, no slow hash)
 * is enough to keep it only as its digest.
 */
export function newShareToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * The SHA-256 (hex) the store keeps of a token. A link is found by this digest, so the database never
 * compares the secret itself and timing tells nothing about it.
 */
export function shareTokenDigest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
