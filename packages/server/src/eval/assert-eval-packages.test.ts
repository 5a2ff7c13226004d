import { describe, expect, it } from 'vitest';
import { assertEvalPackages } from './assert-eval-packages.ts';
import { EvalSetupError } from './eval-setup-error.ts';

describe('assertEvalPackages', () => {
  it('passes where both are installed, as in this repository', () => {
    expect(() => assertEvalPackages()).not.toThrow();
  });

  it('names the missing packages and the command that installs them', () => {
    const withoutPlaywright = (specifier: string) => {
      if (specifier.startsWith('playwright-core')) throw new Error('Cannot find module');
      return `/node_modules/${specifier}`;
    };
    let thrown: unknown;
    try {
      assertEvalPackages({ resolve: withoutPlaywright });
    } catch (error) {
      thrown = error;
    }
    expect(EvalSetupError.isInstance(thrown)).toBe(true);
    expect(thrown).toMatchObject({
      code: 'eval_packages_missing',
      message: expect.stringContaining('npm install playwright-core'),
    });
    expect((thrown as Error).message).not.toContain('axe-core');
  });
});
