import { describe, expect, it } from 'vitest';
import { describeFrameOverflow, type FrameFitMeasurement, scrollsInFrame } from './check-frame-fit.ts';

const fits = (viewportWidth: number): FrameFitMeasurement => ({
  viewportWidth,
  content: { width: 296, height: 554 },
  frame: { width: 296, height: 554 },
});

describe('scrollsInFrame', () => {
  it('allows a pixel of rounding and no more, across and down', () => {
    expect(scrollsInFrame({ ...fits(390), content: { width: 297, height: 555 } })).toBe(false);
    expect(scrollsInFrame({ ...fits(390), content: { width: 298, height: 554 } })).toBe(true);
    expect(scrollsInFrame({ ...fits(390), content: { width: 296, height: 556 } })).toBe(true);
  });
});

describe('describeFrameOverflow', () => {
  it('says nothing for a widget that fits at every width', () => {
    expect(describeFrameOverflow({ widgetNumber: 1, measurements: [fits(1440), fits(390)] })).toBeUndefined();
  });

  it('names every width the widget scrolls at and the sizes at the first', () => {
    const clipped = (viewportWidth: number): FrameFitMeasurement => ({
      viewportWidth,
      content: { width: 688, height: 405 },
      frame: { width: 686, height: 404 },
    });
    expect(
      describeFrameOverflow({
        widgetNumber: 2,
        measurements: [clipped(1440), clipped(1280), clipped(1024), fits(800), fits(390)],
      }),
    ).toEqual({
      code: 'scrolls_in_frame',
      phase: 'render',
      message:
        'Widget 2 scrolls inside its frame in a window 1440, 1280 and 1024 px wide: at 1440 px its content is ' +
        '688×405 px in a 686×404 px frame, so part of it is cut off or behind scrollbars.',
    });
  });
});
