import { readdirSync, readFileSync } from 'node:fs';
import { ActivityMessageSchema, EventSchemas, RunAgentInputSchema } from '@ag-ui/core/schemas';
import {
  dashboardControlArgsSchema,
  drawbridgeActivitySchema,
  findRenderTool,
  parseA2uiMessage,
  parseRunEvent,
  renderToolDefinitions,
  toolResultBodySchema,
  widgetChunkTypes,
} from '@drawbridge/protocol';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { mcpConfigSchema } from '../packages/server/src/mcp/mcp-config.ts';
import { parseModelScript } from '../packages/server/src/models/index.ts';
import { type MarkdownCodeBlock, markdownCodeBlocks } from './markdown-code-blocks.ts';

/**
 * Every JSON example in `docs/` is checked against the schema it illustrates, so an example cannot drift
 * from the code. A fenced block says what it illustrates after its language: ```` ```json render_table ````,
 * ```` ```jsonl model-script ````, ```` ```ndjson run-events ````. A JSON block that names nothing must
 * still parse (line by line for `jsonl` and `ndjson`).
 */

const docsDirectory = new URL('../docs/', import.meta.url);
const jsonLanguages = new Set(['json', 'jsonl', 'ndjson']);
const lineLanguages = new Set(['jsonl', 'ndjson']);

interface DocsExample extends MarkdownCodeBlock {
  /** What the block illustrates: the first word after its language, if any. */
  illustrates: string | undefined;
}

/** The fenced JSON blocks of one markdown file. */
function extractExamples({ markdown, file }: { markdown: string; file: string }): DocsExample[] {
  return markdownCodeBlocks({ markdown, file })
    .filter((block) => jsonLanguages.has(block.language))
    .map((block) => ({ ...block, illustrates: block.words[0] }));
}

function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''}${issue.message}`)
    .join('; ');
}

/** A check of one JSON value; returns what is wrong with it, or nothing. */
type ValueCheck = (value: unknown) => string | undefined;

const againstSchema =
  (schema: z.ZodType): ValueCheck =>
  (value) => {
    const parsed = schema.safeParse(value);
    return parsed.success ? undefined : describeIssues(parsed.error);
  };

const widgetChunksSchema = z.array(z.strictObject({ type: z.enum(widgetChunkTypes), delta: z.string() }));

/** What a block can illustrate, checked value by value (each line of a `jsonl`/`ndjson` block is one value). */
const valueChecks = new Map<string, ValueCheck>([
  [
    'run-events',
    // Ours, and AG-UI's own: a stock client must take every event we document.
    (value) => {
      const parsed = parseRunEvent(value);
      if (!parsed.success) return describeIssues(parsed.error);
      return againstSchema(EventSchemas)(value);
    },
  ],
  [
    'activity-message',
    // An activity message as a stock client holds it: AG-UI's message schema, then our content for our types.
    (value) => {
      const parsed = ActivityMessageSchema.safeParse(value);
      if (!parsed.success) return describeIssues(parsed.error);
      const schemas = drawbridgeActivitySchema(parsed.data.activityType);
      return schemas === undefined ? undefined : againstSchema(schemas.content)(parsed.data.content);
    },
  ],
  ['widget-chunks', againstSchema(widgetChunksSchema)],
  [
    'a2ui-message',
    (value) => {
      const parsed = parseA2uiMessage(value);
      return parsed.success ? undefined : `${parsed.problem.path}: ${parsed.problem.message}`;
    },
  ],
  ['run-agent-input', againstSchema(RunAgentInputSchema)],
  ['tool-result-body', againstSchema(toolResultBodySchema)],
  ['dashboard_control', againstSchema(dashboardControlArgsSchema)],
  ['mcp-config', againstSchema(mcpConfigSchema)],
  ...renderToolDefinitions.map(({ name, schema }): [string, ValueCheck] => [name, againstSchema(schema)]),
]);

/** A scripted reply: the script loader's own rules, then every render-tool call's arguments against its schema. */
function checkModelScript(example: DocsExample): string[] {
  const parsed = parseModelScript({ text: example.text, format: 'jsonl' });
  if (!parsed.success) {
    return [`line ${example.firstLine + parsed.error.line - 1}: ${parsed.error.reason}`];
  }
  const problems: string[] = [];
  for (const [index, line] of example.text.split('\n').entries()) {
    if (line.trim() === '') continue;
    const part = JSON.parse(line) as { type: string; toolName?: string; input?: unknown };
    const schema = part.type === 'tool-call' ? findRenderTool(part.toolName ?? '')?.schema : undefined;
    const problem = schema === undefined ? undefined : againstSchema(schema)(part.input);
    if (problem !== undefined)
      problems.push(`line ${example.firstLine + index}: ${part.toolName}: ${problem}`);
  }
  return problems;
}

/** What is wrong with one example, each problem naming its line in the doc. */
function checkExample(example: DocsExample): string[] {
  if (example.illustrates === 'model-script') return checkModelScript(example);
  const check = example.illustrates === undefined ? () => undefined : valueChecks.get(example.illustrates);
  if (check === undefined) {
    return [
      `"${example.illustrates}" is not something an example can illustrate; known: model-script, ${[...valueChecks.keys()].join(', ')}`,
    ];
  }
  const values: Array<{ line: number; text: string }> = lineLanguages.has(example.language)
    ? example.text
        .split('\n')
        .map((text, index) => ({ line: example.firstLine + index, text }))
        .filter(({ text }) => text.trim() !== '')
    : [{ line: example.firstLine, text: example.text }];
  const problems: string[] = [];
  for (const { line, text } of values) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      problems.push(`line ${line}: not JSON (${(error as Error).message})`);
      continue;
    }
    const problem = check(value);
    if (problem !== undefined) problems.push(`line ${line}: ${problem}`);
  }
  return problems;
}

const docFiles = readdirSync(docsDirectory)
  .filter((file) => file.endsWith('.md'))
  .sort();
const examples = docFiles.flatMap((file) =>
  extractExamples({ markdown: readFileSync(new URL(file, docsDirectory), 'utf8'), file: `docs/${file}` }),
);

describe('the JSON examples in docs/', () => {
  it('are found, and the ones that illustrate a schema say which', () => {
    expect(examples.map(({ location, illustrates }) => ({ location, illustrates }))).toEqual(
      expect.arrayContaining([
        { location: expect.stringMatching(/^docs\/protocol\.md:/), illustrates: 'widget-chunks' },
        { location: expect.stringMatching(/^docs\/protocol\.md:/), illustrates: 'run-events' },
        { location: expect.stringMatching(/^docs\/models\.md:/), illustrates: 'model-script' },
      ]),
    );
  });

  it.each(
    examples.map((example) => [`${example.location} (${example.illustrates ?? 'JSON'})`, example] as const),
  )('%s matches what it illustrates', (_location, example) => {
    expect(checkExample(example).map((problem) => `${example.location}, ${problem}`)).toEqual([]);
  });
});

describe('the docs example check', () => {
  const check = (markdown: string) =>
    extractExamples({ markdown, file: 'docs/sample.md' }).map((example) =>
      checkExample(example).map((problem) => `${example.location}, ${problem}`),
    );

  it('names the block and the line of what is wrong', () => {
    const markdown = [
      '# Sample',
      '',
      '```json render_table',
      '{ "columns": ["Planet"], "rows": [] }',
      '```',
      '',
      '```ndjson run-events',
      '{"type":"RUN_STARTED","threadId":"t","runId":"r"}',
      '{"type":"TEXT_MESSAGE_CONTENT","messageId":"m"}',
      '```',
      '',
      '```jsonl model-script',
      '{"type":"tool-call","toolName":"render_image","input":{"src":"http://example.com/a.png","alt":"a"}}',
      '```',
      '',
      '~~~json',
      '{ not json }',
      '~~~',
      '',
      '```json render_everything',
      '{}',
      '```',
    ].join('\n');
    const problems = check(markdown);
    expect(problems).toHaveLength(5);
    expect(problems[0]).toEqual([expect.stringMatching(/^docs\/sample\.md:3, line 4: columns\.0: /)]);
    expect(problems[1]).toEqual([expect.stringMatching(/^docs\/sample\.md:7, line 9: delta: /)]);
    expect(problems[2]).toEqual([expect.stringMatching(/^docs\/sample\.md:12, line 13: render_image: /)]);
    expect(problems[3]).toEqual([expect.stringMatching(/^docs\/sample\.md:16, line 17: not JSON/)]);
    expect(problems[4]).toEqual([expect.stringContaining('"render_everything" is not something')]);
  });

  it('passes valid examples and ignores blocks in other languages', () => {
    const markdown = [
      '```json tool-result-body',
      '{ "toolCallId": "call_1", "result": { "status": "rendered", "message": "Displayed the table." } }',
      '```',
      '```ts',
      'const notJson = {',
      '```',
    ].join('\n');
    expect(check(markdown)).toEqual([[]]);
  });
});
