import { DrawbridgeError } from '@drawbridge/protocol';

/**
 * A part of the model's stream a run has no place for: a generated file, or a tool the provider executes
 * itself (its call, result or approval request) although the run offered none. The run fails with this
 * rather than dropping what the model produced without a word.
 */
export class UnsupportedModelOutputError extends DrawbridgeError<'unsupported_model_output'> {
  static override readonly errorName = 'UnsupportedModelOutputError';
  /** The stream part's `type`, e.g. `file` or `tool-approval-request`. */
  readonly partType: string;

  constructor({ partType, message }: { partType: string; message: string }) {
    super({ code: 'unsupported_model_output', message });
    this.partType = partType;
  }
}
