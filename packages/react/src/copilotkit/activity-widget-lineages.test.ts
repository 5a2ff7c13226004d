import { createReplyWidget } from '@drawbridge/protocol';
import { describe, expect, it } from 'vitest';
import { ActivityWidgetLineages, activityWidgetLineagesOf } from './activity-widget-lineages.ts';

const first = createReplyWidget('wgt_01');
const second = { ...createReplyWidget('wgt_02'), revision: { of: 'wgt_01', number: 2, baseId: 'wgt_01' } };
const other = createReplyWidget('wgt_09');

describe('ActivityWidgetLineages', () => {
  it('groups the published widgets by lineage, in revision order, whatever order they came in', () => {
    const lineages = new ActivityWidgetLineages();
    lineages.publish(second);
    lineages.publish(other);
    lineages.publish(first);
    expect(lineages.lineage('wgt_01')).toEqual([first, second]);
    expect(lineages.lineage('wgt_09')).toEqual([other]);
    expect(lineages.lineage('wgt_05')).toBeUndefined();
  });

  it('keeps a lineage the same array while only another lineage changes, so only its own cards re-render', () => {
    const lineages = new ActivityWidgetLineages();
    lineages.publish(first);
    lineages.publish(other);
    const before = lineages.lineage('wgt_01');
    let notified = 0;
    const unsubscribe = lineages.subscribe(() => {
      notified += 1;
    });
    lineages.publish({ ...other, complete: true });
    expect(lineages.lineage('wgt_01')).toBe(before);
    lineages.publish(second);
    expect(lineages.lineage('wgt_01')).toEqual([first, second]);
    expect(notified).toBe(2);
    unsubscribe();
    lineages.publish(first);
    expect(notified).toBe(2);
  });

  it('leaves a failed edit and a refused widget out of their lineage', () => {
    const lineages = new ActivityWidgetLineages();
    lineages.publish(first);
    lineages.publish({
      ...second,
      revision: { ...second.revision, failure: { code: 'hunk_not_found', message: 'No match.' } },
    });
    lineages.publish({
      ...createReplyWidget('wgt_03'),
      revision: { of: 'wgt_01', number: 3, baseId: 'wgt_01' },
      refusal: { code: 'widget_too_large', message: 'Too large.' },
    });
    expect(lineages.lineage('wgt_01')).toEqual([first]);
  });

  it('keeps one set of lineages per agent', () => {
    const agent = {};
    expect(activityWidgetLineagesOf(agent)).toBe(activityWidgetLineagesOf(agent));
    expect(activityWidgetLineagesOf({})).not.toBe(activityWidgetLineagesOf(agent));
    expect(activityWidgetLineagesOf(undefined)).toBe(activityWidgetLineagesOf(undefined));
  });
});
