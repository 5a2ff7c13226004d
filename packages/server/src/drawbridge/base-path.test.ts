import { describe, expect, it } from 'vitest';
import { normalizeBasePath, pathBelow } from './base-path.ts';

describe('normalizeBasePath', () => {
  it('gives a leading slash, no trailing one, and the empty string for the root', () => {
    expect(normalizeBasePath('')).toBe('');
    expect(normalizeBasePath('/')).toBe('');
    expect(normalizeBasePath('ai')).toBe('/ai');
    expect(normalizeBasePath('/api/assistant/')).toBe('/api/assistant');
  });

  it('refuses what is not a plain path', () => {
    for (const basePath of ['/a b', '/ai?x=1', '/ai#top', '//ai', 'http://host/ai', '/ai//x']) {
      expect(() => normalizeBasePath(basePath), basePath).toThrow(TypeError);
    }
  });
});

describe('pathBelow', () => {
  it('is the path below the mount, and undefined outside it', () => {
    expect(pathBelow('/ai', '/ai/frame')).toBe('/frame');
    expect(pathBelow('/ai', '/ai')).toBe('/');
    expect(pathBelow('/ai', '/aim/frame')).toBeUndefined();
    expect(pathBelow('/ai', '/frame')).toBeUndefined();
    expect(pathBelow('', '/frame')).toBe('/frame');
  });
});
