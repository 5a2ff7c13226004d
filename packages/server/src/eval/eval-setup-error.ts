/** The eval cannot start: the app is not built, or Chromium cannot be launched. */
export class EvalSetupError extends Error {
  override readonly name = 'EvalSetupError';
  readonly code: 'app_not_built' | 'browser_unavailable';

  constructor({ code, message }: { code: EvalSetupError['code']; message: string }) {
    super(message);
    this.code = code;
  }
}
