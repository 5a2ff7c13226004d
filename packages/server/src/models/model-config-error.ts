import { DrawbridgeError } from '@drawbridge/protocol';

/**
 * Stable codes for a model that cannot be built from settings that parsed: a replay script that cannot be read
 * or is not a script. (Settings themselves are checked by the config schema, all problems at once.)
 */
export type ModelConfigErrorCode = 'script_unreadable' | 'invalid_script';

/** Thrown at startup when the model cannot be built; its message is one line naming the file and the fix. */
export class ModelConfigError extends DrawbridgeError<ModelConfigErrorCode> {
  static override readonly errorName = 'ModelConfigError';
}
