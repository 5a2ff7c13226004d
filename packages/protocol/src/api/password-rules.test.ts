import { describe, expect, it } from 'vitest';
import { describePasswordRules, passwordRuleProblem, passwordRules } from './password-rules.ts';

describe('the password rules', () => {
  it('say themselves in one sentence, and a refusal names the rule it broke', () => {
    expect(describePasswordRules(passwordRules)).toBe('At least 10 characters, at most 256.');
    const problem = (password: string) => passwordRuleProblem({ password, rules: passwordRules });
    expect(problem('x'.repeat(9))).toBe('The password is too short: at least 10 characters, at most 256.');
    expect(problem('x'.repeat(257))).toBe('The password is too long: at least 10 characters, at most 256.');
    expect(problem('x'.repeat(10))).toBeUndefined();
    expect(problem('x'.repeat(256))).toBeUndefined();
  });
});
