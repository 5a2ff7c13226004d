import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ModelConfigError } from '../model-config-error.ts';
import { loadModelScript } from './load-model-script.ts';

const directory = mkdtempSync(join(tmpdir(), 'drawbridge-script-'));

function write(name: string, text: string): string {
  const path = join(directory, name);
  writeFileSync(path, text);
  return path;
}

function captureError(run: () => unknown): ModelConfigError {
  try {
    run();
  } catch (error) {
    if (ModelConfigError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a ModelConfigError');
}

describe('loadModelScript', () => {
  it('loads .txt and .jsonl files', () => {
    expect(loadModelScript(write('reply.txt', 'hi')).steps).toHaveLength(1);
    const jsonl = write(
      'reply.jsonl',
      '{"type":"text","text":"a"}\n{"type":"step"}\n{"type":"text","text":"b"}\n',
    );
    expect(loadModelScript(jsonl).steps).toHaveLength(2);
  });

  it('names file and line of a malformed line', () => {
    const path = write('bad.jsonl', '{"type":"text","text":"a"}\n{"type":"tool-call","toolName":"t"}\n');
    const error = captureError(() => loadModelScript(path));
    expect(error.code).toBe('invalid_script');
    expect(error.message).toMatch(new RegExp(`^${path.replaceAll('\\', '\\\\')}:2: input: `));
    expect(error.message).not.toContain('\n');
  });

  it('reports a missing file as unreadable', () => {
    const error = captureError(() => loadModelScript(join(directory, 'missing.jsonl')));
    expect(error.code).toBe('script_unreadable');
    expect(error.message).toContain('ENOENT');
  });

  it('rejects an unknown extension', () => {
    const error = captureError(() => loadModelScript(write('reply.json', '{}')));
    expect(error.code).toBe('invalid_script');
    expect(error.message).toContain('.txt');
  });
});
