import { DrawbridgeError } from '@drawbridge/protocol';

/** The eval cannot start: the app is not built, or Chromium cannot be launched. */
export class EvalSetupError extends DrawbridgeError<'app_not_built' | 'browser_unavailable'> {
  static override readonly errorName = 'EvalSetupError';
}
