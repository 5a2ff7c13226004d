import { describe, expect, it } from 'vitest';
import { a2uiActionForwardedPropsSchema, describeA2uiUserAction } from './a2ui-user-action.ts';

describe('A2UI user actions', () => {
  it('reads the middleware convention from forwardedProps, leaving other keys alone', () => {
    const parsed = a2uiActionForwardedPropsSchema.parse({
      other: 1,
      a2uiAction: {
        userAction: {
          name: 'book',
          surfaceId: 'booking',
          sourceComponentId: 'submit',
          timestamp: '2026-07-05T10:00:00Z',
          context: { guests: 2 },
        },
      },
    });
    expect(parsed.other).toBe(1);
    expect(describeA2uiUserAction(parsed.a2uiAction!.userAction)).toBe(
      'User performed action "book" on surface "booking" (component: submit). Context: {"guests":2}',
    );
  });

  it('refuses an action without a name or with an oversized context', () => {
    expect(
      a2uiActionForwardedPropsSchema.safeParse({ a2uiAction: { userAction: { surfaceId: 's' } } }).success,
    ).toBe(false);
    const context = { big: 'x'.repeat(17_000) };
    const parsed = a2uiActionForwardedPropsSchema.safeParse({
      a2uiAction: { userAction: { name: 'n', surfaceId: 's', context } },
    });
    expect(parsed.success).toBe(false);
  });
});
