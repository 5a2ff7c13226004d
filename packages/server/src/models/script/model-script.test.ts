import { describe, expect, it } from 'vitest';
import { parseModelScript } from './model-script.ts';

function parseLines(lines: string[]) {
  return parseModelScript({ text: lines.join('\n'), format: 'jsonl' });
}

describe('parseModelScript', () => {
  it('reads a .txt script as one step holding all its text', () => {
    const text = 'Hello.\n@@HEIGHT:200@@\n@@HTML@@<p>hi</p>\n@@END@@\n';
    expect(parseModelScript({ text, format: 'txt' })).toEqual({
      success: true,
      script: { steps: [{ parts: [{ type: 'text', text }] }] },
    });
  });

  it('rejects an empty .txt script', () => {
    expect(parseModelScript({ text: '', format: 'txt' })).toEqual({
      success: false,
      error: { line: 1, reason: 'the script is empty' },
    });
  });

  it('splits .jsonl parts into steps, merging adjacent text and keeping tool calls in order', () => {
    const result = parseLines([
      '{"type":"text","text":"Here is "}',
      '{"type":"text","text":"a table."}',
      '{"type":"tool-call","toolName":"render_table","input":{"rows":[[1]]},"toolCallId":"call-1"}',
      '{"type":"step"}',
      '',
      '{"type":"text","text":"Done."}',
    ]);
    expect(result).toEqual({
      success: true,
      script: {
        steps: [
          {
            parts: [
              { type: 'text', text: 'Here is a table.' },
              { type: 'tool-call', toolName: 'render_table', input: { rows: [[1]] }, toolCallId: 'call-1' },
            ],
          },
          { parts: [{ type: 'text', text: 'Done.' }] },
        ],
      },
    });
  });

  it('treats a trailing step line as the end of the last step, not a new empty one', () => {
    const result = parseLines(['{"type":"text","text":"a"}', '{"type":"step"}', '']);
    expect(result.success && result.script.steps).toEqual([{ parts: [{ type: 'text', text: 'a' }] }]);
  });

  it('leaves the tool call id out when the script does', () => {
    const result = parseLines(['{"type":"tool-call","toolName":"render_chart","input":{}}']);
    expect(result.success && result.script.steps[0]?.parts[0]).toEqual({
      type: 'tool-call',
      toolName: 'render_chart',
      input: {},
    });
  });

  const badLines: { name: string; line: string; reason: RegExp }[] = [
    { name: 'broken JSON', line: '{"type":"text","text":"a"', reason: /^not valid JSON/ },
    { name: 'a JSON array', line: '[1,2]', reason: /type must be "text", "tool-call" or "step"/ },
    { name: 'an unknown type', line: '{"type":"image","url":"x"}', reason: /type must be/ },
    { name: 'a missing type', line: '{"text":"a"}', reason: /type must be/ },
    { name: 'text that is not a string', line: '{"type":"text","text":5}', reason: /^text: / },
    { name: 'a misspelt field', line: '{"type":"text","text":"a","txt":"b"}', reason: /txt/ },
    { name: 'a tool call without a name', line: '{"type":"tool-call","input":{}}', reason: /^toolName: / },
    {
      name: 'an empty tool name',
      line: '{"type":"tool-call","toolName":"","input":{}}',
      reason: /^toolName: /,
    },
    {
      name: 'tool input that is not an object',
      line: '{"type":"tool-call","toolName":"t","input":"x"}',
      reason: /^input: /,
    },
    { name: 'a tool call without input', line: '{"type":"tool-call","toolName":"t"}', reason: /^input: / },
    {
      name: 'an empty tool call id',
      line: '{"type":"tool-call","toolName":"t","input":{},"toolCallId":""}',
      reason: /^toolCallId: /,
    },
    { name: 'a step with fields', line: '{"type":"step","n":1}', reason: /n/ },
  ];

  for (const { name, line, reason } of badLines) {
    it(`fails on ${name}, naming the line`, () => {
      const result = parseLines(['{"type":"text","text":"fine"}', '{"type":"step"}', line]);
      expect(result.success).toBe(false);
      if (result.success) return;
      expect(result.error.line).toBe(3);
      expect(result.error.reason).toMatch(reason);
    });
  }

  it('fails on a step with nothing in it', () => {
    expect(parseLines(['{"type":"text","text":"a"}', '{"type":"step"}', '{"type":"step"}'])).toEqual({
      success: false,
      error: { line: 3, reason: 'a step must have text or a tool call' },
    });
  });

  it('fails on a script with no parts at all', () => {
    expect(parseLines(['', '  '])).toEqual({
      success: false,
      error: { line: 1, reason: 'the script has no steps' },
    });
  });
});
