import { describe, expect, it } from 'vitest';
import { renderContactSheet } from './contact-sheet.ts';
import type { EvalSummary } from './eval-summary.ts';
import { sampleCaseResult } from './testing-results.ts';

const summary = (cases: EvalSummary['cases']): EvalSummary => ({
  model: { id: 'demo', demo: true },
  suite: 'built-in',
  startedAt: '2026-01-01T00:00:00.000Z',
  seconds: 12,
  passRate: 0.5,
  passed: 1,
  total: 2,
  cases,
});

describe('renderContactSheet', () => {
  const html = renderContactSheet({
    summary: summary([
      sampleCaseResult({ id: 'chart', screenshot: 'chart.png' }),
      sampleCaseResult({
        id: 'broken',
        prompt: 'Show <script>alert(1)</script>',
        passed: false,
        screenshot: null,
        tokens: { input: null, output: null },
        problems: [
          {
            code: 'script_error',
            phase: 'interaction',
            message: 'TypeError: <b>',
            action: 'click button "Go"',
          },
        ],
      }),
    ]),
  });

  it('shows every case with its picture, problems, tokens and timings', () => {
    expect(html).toContain('<img loading="lazy" src="chart.png"');
    expect(html).toContain('no screenshot');
    expect(html).toContain('<code>script_error</code> <em>interaction</em> TypeError: &#60;b&#62;');
    expect(html).toContain('after: click button &#34;Go&#34;');
    expect(html).toContain('<td data-sort="800">800</td>');
    expect(html).toContain('<td data-sort="">–</td>');
    expect(html).toContain('1 of 2 passed (50%)');
  });

  it('escapes what the model or the suite wrote', () => {
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('Show &#60;script&#62;alert(1)&#60;/script&#62;');
  });

  it('has a sort button on every column heading', () => {
    expect(html.match(/<th scope="col"><button type="button">/g)).toHaveLength(15);
  });
});
