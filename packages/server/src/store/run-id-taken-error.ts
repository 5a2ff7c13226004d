import { DrawbridgeError } from '@drawbridge/protocol';

/** Raised when a run is started with a client run id that already names another of the user's runs. */
export class RunIdTakenError extends DrawbridgeError<'run_id_taken'> {
  static override readonly errorName = 'RunIdTakenError';
  readonly clientRunId: string;

  constructor({ clientRunId }: { clientRunId: string }) {
    super({ code: 'run_id_taken', message: `run id ${clientRunId} already names another run of this user` });
    this.clientRunId = clientRunId;
  }
}
