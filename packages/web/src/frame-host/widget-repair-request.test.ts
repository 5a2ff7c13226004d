import { describe, expect, it } from 'vitest';
import {
  buildWidgetRepairRequest,
  mostWidgetProblems,
  readWidgetRepairRequest,
  withWidgetProblem,
} from './widget-repair-request.ts';

describe('withWidgetProblem', () => {
  it('keeps each problem once and at most a few', () => {
    let problems = withWidgetProblem([], { message: 'TypeError: x is null', line: 3 });
    problems = withWidgetProblem(problems, { message: 'TypeError: x is null', line: 3 });
    expect(problems).toHaveLength(1);
    for (let index = 0; index < 20; index += 1)
      problems = withWidgetProblem(problems, { message: `e${index}` });
    expect(problems).toHaveLength(mostWidgetProblems);
  });
});

describe('buildWidgetRepairRequest', () => {
  const js = Array.from({ length: 40 }, (_, index) => `statement${index + 1}();`).join('\n');

  it('names the widget, each error with its line and the lines around the first located one', () => {
    const request = buildWidgetRepairRequest({
      lineageId: 'w1',
      revisionNumber: 2,
      problems: [{ message: 'Unhandled rejection: nope' }, { message: 'TypeError: x is null', line: 12 }],
      js,
    });
    expect(request).toContain('Fix widget w1 (revision 2)');
    expect(request).toContain('- TypeError: x is null (JS line 12)');
    expect(request).toContain('>12 | statement12();');
    expect(request).toContain(' 8 | statement8();');
    expect(request).not.toContain('statement17();');
    expect(request).toContain('@@EDIT:w1@@');
  });

  it('stays about a thousand tokens however long the lines and messages are', () => {
    const request = buildWidgetRepairRequest({
      lineageId: 'w1',
      revisionNumber: 1,
      problems: Array.from({ length: 5 }, (_, index) => ({ message: 'm'.repeat(5000), line: index + 1 })),
      js: 'x'.repeat(100_000),
    });
    expect(request.length).toBeLessThanOrEqual(4000);
  });
});

describe('readWidgetRepairRequest', () => {
  it('reads back the widget and revision a request names, and nothing from other text', () => {
    const request = buildWidgetRepairRequest({
      lineageId: 'abc-123',
      revisionNumber: 4,
      problems: [{ message: 'ReferenceError: y is not defined' }],
      js: '',
    });
    expect(readWidgetRepairRequest(request)).toEqual({ lineageId: 'abc-123', revisionNumber: 4 });
    expect(readWidgetRepairRequest('Fix widget abc-123 please')).toBeUndefined();
  });
});
