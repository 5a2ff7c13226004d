import type { FrameTheme } from '@drawbridge/protocol';
import { useCallback, useEffect, useState } from 'react';

export type ThemePreference = 'system' | 'light' | 'dark';

const storageKey = 'drawbridge.theme';
const darkQuery = '(prefers-color-scheme: dark)';

function readPreference(): ThemePreference {
  try {
    const stored = localStorage.getItem(storageKey);
    return stored === 'light' || stored === 'dark' ? stored : 'system';
  } catch {
    // Storage can be disabled (privacy mode); the system preference is a fine default.
    return 'system';
  }
}

function systemTheme(): FrameTheme {
  return window.matchMedia(darkQuery).matches ? 'dark' : 'light';
}

/** The user's theme choice, the theme it resolves to now, and a setter; keeps `<html data-theme>` in sync. */
export function useTheme(): {
  preference: ThemePreference;
  theme: FrameTheme;
  setPreference(preference: ThemePreference): void;
} {
  const [preference, setPreferenceState] = useState<ThemePreference>(readPreference);
  const [system, setSystem] = useState<FrameTheme>(systemTheme);

  useEffect(() => {
    const query = window.matchMedia(darkQuery);
    const handleChange = () => setSystem(query.matches ? 'dark' : 'light');
    query.addEventListener('change', handleChange);
    return () => query.removeEventListener('change', handleChange);
  }, []);

  const theme = preference === 'system' ? system : preference;

  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    document.documentElement.style.colorScheme = theme;
  }, [theme]);

  const setPreference = useCallback((next: ThemePreference) => {
    setPreferenceState(next);
    try {
      if (next === 'system') {
        localStorage.removeItem(storageKey);
      } else {
        localStorage.setItem(storageKey, next);
      }
    } catch {
      // Without storage the choice lasts for this page load only.
    }
  }, []);

  return { preference, theme, setPreference };
}
