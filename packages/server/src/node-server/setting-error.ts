/** Raised at start-up for an environment setting that cannot work; the message names it and says what fits. */
export class SettingError extends Error {
  override readonly name = 'SettingError';
  readonly code = 'invalid_setting';
}
