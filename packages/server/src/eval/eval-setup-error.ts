import { DrawbridgeError } from '@drawbridge/protocol';

/** The eval cannot start: the app is not built, its optional packages are not installed, or Chromium cannot be launched. */
export class EvalSetupError extends DrawbridgeError<
  'app_not_built' | 'eval_packages_missing' | 'browser_unavailable'
> {
  static override readonly errorName = 'EvalSetupError';
}
