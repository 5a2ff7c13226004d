import { z } from 'zod';

/** What an account's password must be: its length in characters, as the server checks it at sign-up. */
export const passwordRulesSchema = z.object({
  minLength: z.number().int().positive(),
  maxLength: z.number().int().positive(),
});

export type PasswordRules = z.infer<typeof passwordRulesSchema>;

/**
 * The rules this server enforces, declared once: the server configures its sign-up with them and refuses a
 * password with their wording; the sign-up page receives them from `GET /api/session` and shows them.
 */
export const passwordRules: PasswordRules = { minLength: 10, maxLength: 256 };

/** The rules in one sentence, as the sign-up page shows them: "At least 10 characters, at most 256." */
export function describePasswordRules(rules: PasswordRules): string {
  return `At least ${rules.minLength} characters, at most ${rules.maxLength}.`;
}

/** Why `password` breaks the rules, naming the rule; undefined when it keeps them. */
export function passwordRuleProblem({
  password,
  rules,
}: {
  password: string;
  rules: PasswordRules;
}): string | undefined {
  const rule = describePasswordRules(rules).toLowerCase();
  if (password.length < rules.minLength) return `The password is too short: ${rule}`;
  if (password.length > rules.maxLength) return `The password is too long: ${rule}`;
  return undefined;
}
