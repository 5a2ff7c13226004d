import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { drawbridgeCommand } from '../testing/drawbridge-command.ts';
import { parseParseCommandArguments, runParseCommand } from './parse-command.ts';

const reply = 'hi\n@@HEIGHT:10@@\n@@CSS@@\na{}\n@@END@@';
const encoder = new TextEncoder();

function runToLines(input: Uint8Array, chunkSize?: number): { result: unknown; lines: string[] } {
  const lines: string[] = [];
  const result = runParseCommand({ input, chunkSize, write: (line) => lines.push(line) });
  return { result, lines };
}

describe('runParseCommand', () => {
  it('writes one JSON line per chunk for the whole text', () => {
    const { result, lines } = runToLines(encoder.encode(reply));
    expect(result).toEqual({ exitCode: 0 });
    expect(lines).toEqual([
      '{"type":"prose","delta":"hi\\n"}',
      '{"type":"height","delta":"10"}',
      '{"type":"css","delta":"a{}\\n"}',
      '{"type":"end","delta":""}',
    ]);
  });

  it('pushes pieces of the given size, which shows as more, smaller chunks', () => {
    const { lines } = runToLines(encoder.encode(reply), 3);
    const chunks = lines.map((line) => JSON.parse(line) as { type: string; delta: string });
    expect(chunks.filter((chunk) => chunk.type === 'prose').map((chunk) => chunk.delta)).toEqual(['hi\n']);
    expect(chunks.filter((chunk) => chunk.type === 'css').map((chunk) => chunk.delta)).toEqual(['a{', '}\n']);
    expect(chunks.at(-1)).toEqual({ type: 'end', delta: '' });
  });

  it('accepts empty input and writes nothing', () => {
    expect(runToLines(new Uint8Array(0))).toEqual({ result: { exitCode: 0 }, lines: [] });
  });

  it('refuses invalid UTF-8 with exit code 1', () => {
    const { result, lines } = runToLines(new Uint8Array([0x68, 0x69, 0xc3, 0x28]));
    expect(result).toEqual({ exitCode: 1, error: 'input is not valid UTF-8' });
    expect(lines).toEqual([]);
  });

  it('refuses binary input that contains a NUL byte', () => {
    expect(runToLines(new Uint8Array([0x61, 0x00, 0x62])).result).toEqual({
      exitCode: 1,
      error: 'input looks binary: NUL byte at offset 1; expected a text reply',
    });
  });

  it('cuts pieces by code point, so --chunk-size 1 never splits an emoji', () => {
    const text = 'a😀b🇫🇷';
    const { result, lines } = runToLines(encoder.encode(text), 1);
    expect(result).toEqual({ exitCode: 0 });
    const deltas = lines.map((line) => (JSON.parse(line) as { delta: string }).delta);
    expect(deltas).toEqual(['a', '😀', 'b', '🇫', '🇷']);
    for (const line of lines) expect(line).not.toMatch(/\\ud[89ab]/i);
  });

  it('refuses a chunk size that is not a positive integer', () => {
    for (const chunkSize of [0, -2, 1.5, Number.NaN]) {
      expect(runToLines(encoder.encode(reply), chunkSize).result).toMatchObject({ exitCode: 2 });
    }
  });
});

describe('parseParseCommandArguments', () => {
  it('reads --chunk-size in both spellings', () => {
    expect(parseParseCommandArguments([])).toEqual({ success: true });
    expect(parseParseCommandArguments(['--chunk-size', '3'])).toEqual({ success: true, chunkSize: 3 });
    expect(parseParseCommandArguments(['--chunk-size=12'])).toEqual({ success: true, chunkSize: 12 });
  });

  it('rejects a missing, zero, negative, fractional or non-numeric chunk size', () => {
    for (const args of [
      ['--chunk-size'],
      ['--chunk-size', '0'],
      ['--chunk-size', '-1'],
      ['--chunk-size=1.5'],
      ['--chunk-size', '3x'],
    ]) {
      const parsed = parseParseCommandArguments(args);
      expect(parsed.success).toBe(false);
      if (!parsed.success) expect(parsed.error).toMatch(/--chunk-size must be a positive integer/);
    }
  });

  it('rejects unknown arguments', () => {
    expect(parseParseCommandArguments(['--chunks', '3'])).toEqual({
      success: false,
      error: expect.stringMatching(/^Unknown option '--chunks'/),
    });
    expect(parseParseCommandArguments(['reply.txt'])).toEqual({
      success: false,
      error: expect.stringMatching(/^Unexpected argument 'reply.txt'/),
    });
  });
});

describe('drawbridge parse (process)', () => {
  const runCli = (args: string[], input: Uint8Array) =>
    spawnSync(process.execPath, drawbridgeCommand(['parse', ...args]), {
      input,
      encoding: 'utf8',
      timeout: 15_000,
    });

  it('prints NDJSON chunks read from stdin', () => {
    const run = runCli(['--chunk-size', '3'], encoder.encode(reply));
    expect(run.status).toBe(0);
    const lines = run.stdout.trimEnd().split('\n');
    expect(lines).toContain('{"type":"css","delta":"a{"}');
    expect(lines.at(-1)).toBe('{"type":"end","delta":""}');
  });

  it('exits 1 with a clear message on invalid UTF-8', () => {
    const run = runCli([], new Uint8Array([0xff, 0xfe, 0x41]));
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('not valid UTF-8');
    expect(run.stdout).toBe('');
  });

  it('exits 2 on a bad --chunk-size', () => {
    const run = runCli(['--chunk-size', 'zero'], new Uint8Array(0));
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--chunk-size must be a positive integer');
  });
});
