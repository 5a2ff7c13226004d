import { describe, expect, it } from 'vitest';
import { DrawbridgeError } from './drawbridge-error.ts';

class WidgetLostError extends DrawbridgeError<'widget_lost'> {
  static override readonly errorName = 'WidgetLostError';
  readonly widgetId: string;

  constructor({ widgetId }: { widgetId: string }) {
    super({ code: 'widget_lost', message: `widget ${widgetId} is gone` });
    this.widgetId = widgetId;
  }
}

class OtherError extends DrawbridgeError<'other'> {
  static override readonly errorName = 'OtherError';
}

// What a second copy of the package that defines `WidgetLostError` holds: another class with the same name.
class WidgetLostErrorFromAnotherCopy extends DrawbridgeError<'widget_lost'> {
  static override readonly errorName = 'WidgetLostError';
}

describe('DrawbridgeError', () => {
  it('carries a stable code, its class name and structured fields', () => {
    const error = new WidgetLostError({ widgetId: 'w1' });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('WidgetLostError');
    expect(error.code).toBe('widget_lost');
    expect(error.message).toBe('widget w1 is gone');
    expect(error.widgetId).toBe('w1');
    expect(String(error)).toBe('WidgetLostError: widget w1 is gone');
  });

  it('matches its own class and the base with isInstance, not another class or a look-alike', () => {
    const error = new WidgetLostError({ widgetId: 'w1' });
    expect(WidgetLostError.isInstance(error)).toBe(true);
    expect(DrawbridgeError.isInstance(error)).toBe(true);
    expect(OtherError.isInstance(error)).toBe(false);
    const lookAlike = Object.assign(new Error('widget w1 is gone'), {
      name: 'WidgetLostError',
      code: 'widget_lost',
    });
    expect(WidgetLostError.isInstance(lookAlike)).toBe(false);
    for (const value of [undefined, null, 'WidgetLostError', 42])
      expect(DrawbridgeError.isInstance(value)).toBe(false);
  });

  it('matches an instance made by another copy of the package, where instanceof fails', () => {
    const fromElsewhere = new WidgetLostErrorFromAnotherCopy({ code: 'widget_lost', message: 'gone' });
    expect(fromElsewhere instanceof WidgetLostError).toBe(false);
    expect(WidgetLostError.isInstance(fromElsewhere)).toBe(true);
  });

  it('keeps the cause, and lists no marker among its fields', () => {
    const cause = new Error('socket closed');
    const error = new OtherError({ code: 'other', message: 'failed', cause });
    expect(error.cause).toBe(cause);
    expect(Object.keys(error).sort()).toEqual(['code', 'name']);
    expect(JSON.parse(JSON.stringify(error))).toEqual({ name: 'OtherError', code: 'other' });
  });

  it('refuses a subclass that does not name itself, which would otherwise match as its parent', () => {
    class Unnamed extends WidgetLostError {}
    expect(() => new Unnamed({ widgetId: 'w' })).toThrow('must declare its own static errorName');
  });
});
