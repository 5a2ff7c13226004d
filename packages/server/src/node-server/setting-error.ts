import { DrawbridgeError } from '@drawbridge/protocol';

/** Raised at start-up for an environment setting that cannot work; the message names it and says what fits. */
export class SettingError extends DrawbridgeError<'invalid_setting'> {
  static override readonly errorName = 'SettingError';

  constructor(message: string) {
    super({ code: 'invalid_setting', message });
  }
}
