import { z } from 'zod';

/*
 * Messages name settings by token, never by hand: `{}` is the setting the problem is about and `{auth.modes}`
 * another one. `describeConfigIssue` puts in the environment variable (`DRAWBRIDGE_AUTH`) when the config was
 * read from the environment, and the path (`auth.modes`) when a program built it, so one schema serves both.
 */

/** A whole number from `min` to `max`; `expects` completes "{} must be …". */
export function wholeNumber({
  min = 0,
  max = Number.MAX_SAFE_INTEGER,
  expects,
}: {
  min?: number;
  max?: number;
  expects: string;
}) {
  const error = `{} must be ${expects}`;
  return z
    .number({ error })
    .refine((value) => Number.isSafeInteger(value) && value >= min && value <= max, { error });
}

/** A TCP port; 0 lets the system pick a free one. */
export const portNumber = wholeNumber({ max: 65_535, expects: 'a whole number from 0 to 65535' });

/** A duration in milliseconds above zero. */
export const positiveMilliseconds = wholeNumber({
  min: 1,
  expects: 'a whole number of milliseconds above 0',
});

/** Text that says something: surrounding spaces trimmed, empty refused. */
export function someText(expects = 'set to some text') {
  return z
    .string({ error: `{} must be ${expects}` })
    .trim()
    .min(1, { error: `{} must be ${expects}` });
}

/** A list of entries, each trimmed and lower-cased, empty ones dropped. */
export function lowerCaseList(expects: string) {
  return z
    .array(z.string({ error: `{} must be ${expects}` }), { error: `{} must be ${expects}` })
    .transform((entries) =>
      entries.map((entry) => entry.trim().toLowerCase()).filter((entry) => entry !== ''),
    );
}

/**
 * Whether a `when` of a refinement may trust the fields it reads: none of them has an issue of its own. Each
 * field is a key (`'auth'`) or a path (`['server', 'host']`); an issue anywhere under it counts.
 */
export function noIssuesUnder(...fields: (string | readonly string[])[]) {
  const prefixes = fields.map((field) => (typeof field === 'string' ? [field] : field));
  return (payload: { issues: readonly { path?: readonly PropertyKey[] }[] }): boolean =>
    !payload.issues.some((issue) =>
      prefixes.some((prefix) => prefix.every((key, index) => issue.path?.[index] === key)),
    );
}
