import { describe, expect, it } from 'vitest';
import { decideAttachmentType } from './decide-attachment-type.ts';

const bytes = (...values: number[]) => new Uint8Array(values);
const text = (value: string) => new TextEncoder().encode(value);

describe('decideAttachmentType', () => {
  it.each([
    ['photo.png', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1), 'image/png'],
    ['photo.jpg', bytes(0xff, 0xd8, 0xff, 0xe0), 'image/jpeg'],
    ['anim.gif', text('GIF89a....'), 'image/gif'],
    ['pic.webp', text('RIFF\0\0\0\0WEBPVP8 '), 'image/webp'],
    ['paper.pdf', text('%PDF-1.7\n'), 'application/pdf'],
    ['cities.csv', text('city,people\nOslo,700000\n'), 'text/csv'],
    ['notes.MD', text('# Notes'), 'text/markdown'],
    ['data.json', text('{"a":1}'), 'application/json'],
    ['log.txt', text('line one\nline two'), 'text/plain'],
    ['script.py', text('print(1)'), 'text/plain'],
  ])('takes %s as %s', (name, content, mediaType) => {
    expect(decideAttachmentType({ name, bytes: content })).toEqual({ accepted: true, mediaType });
  });

  it('judges by the bytes, not the name: a PNG named .html is an image', () => {
    const png = bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
    expect(decideAttachmentType({ name: 'page.html', bytes: png })).toEqual({
      accepted: true,
      mediaType: 'image/png',
    });
  });

  it('keeps SVG and HTML as the plain text they are, never as a type a browser runs', () => {
    for (const name of ['logo.svg', 'page.html', 'page.xhtml']) {
      const content = text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
      expect(decideAttachmentType({ name, bytes: content })).toEqual({
        accepted: true,
        mediaType: 'text/plain',
      });
    }
  });

  it('refuses binary files it does not know, and text with NUL characters', () => {
    const executable = bytes(0x4d, 0x5a, 0x90, 0x00, 0x03, 0xff, 0xfe);
    const refusal = decideAttachmentType({ name: 'setup.exe', bytes: executable });
    expect(refusal).toEqual({
      accepted: false,
      reason: expect.stringContaining('"setup.exe" is not a file type'),
    });
    expect(decideAttachmentType({ name: 'a.txt', bytes: text('a\0b') }).accepted).toBe(false);
    expect(decideAttachmentType({ name: 'latin1.txt', bytes: bytes(0x63, 0x61, 0x66, 0xe9) }).accepted).toBe(
      false,
    );
  });
});
