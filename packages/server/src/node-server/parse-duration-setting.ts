import { SettingError } from './setting-error.ts';

/** A millisecond setting from the environment: its default when unset, a `SettingError` naming it when not a positive whole number. */
export function parseDurationSetting({
  name,
  value,
  defaultMs,
}: {
  name: string;
  value: string | undefined;
  defaultMs: number;
}): number {
  if (value === undefined || value.trim() === '') return defaultMs;
  const milliseconds = Number(value);
  if (!Number.isSafeInteger(milliseconds) || milliseconds <= 0) {
    throw new SettingError(`${name} must be a whole number of milliseconds above 0 (got "${value}").`);
  }
  return milliseconds;
}
