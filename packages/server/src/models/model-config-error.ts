/** Stable codes for every way the model configuration can be wrong. */
export type ModelConfigErrorCode =
  | 'unknown_provider'
  | 'missing_model_name'
  | 'missing_api_key'
  | 'missing_base_url'
  | 'invalid_base_url'
  | 'invalid_pace'
  | 'script_unreadable'
  | 'invalid_script';

/** Thrown at startup when the model cannot be built; its message is one line naming the variable and the fix. */
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
