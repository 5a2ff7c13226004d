/**
 * Stable codes for a model that cannot be built from settings that parsed: a replay script that cannot be read
 * or is not a script. (Settings themselves are checked by the config schema, all problems at once.)
 */
export type ModelConfigErrorCode = 'script_unreadable' | 'invalid_script';

/** Thrown at startup when the model cannot be built; its message is one line naming the file and the fix. */
export class ModelConfigError extends Error {
  override readonly name = 'ModelConfigError';
  readonly code: ModelConfigErrorCode;

  constructor({ code, message }: { code: ModelConfigErrorCode; message: string }) {
    super(message);
    this.code = code;
  }

  static isInstance(value: unknown): value is ModelConfigError {
    return value instanceof ModelConfigError;
  }
}
