import type { ThemePreference } from '../theme/use-theme.ts';

const order: ThemePreference[] = ['system', 'light', 'dark'];
const labels: Record<ThemePreference, string> = { system: 'System', light: 'Light', dark: 'Dark' };
const icons: Record<ThemePreference, string> = { system: '◐', light: '☀', dark: '☾' };

/** Cycles the theme: system → light → dark. */
export function ThemeToggle({
  preference,
  onChange,
}: {
  preference: ThemePreference;
  onChange(preference: ThemePreference): void;
}) {
  const next = order[(order.indexOf(preference) + 1) % order.length]!;
  return (
    <button
      type="button"
      className="theme-toggle"
      onClick={() => onChange(next)}
      aria-label={`Theme: ${labels[preference]}. Switch to ${labels[next]}.`}
      title={`Theme: ${labels[preference]}`}
    >
      <span aria-hidden="true">{icons[preference]}</span>
      <span className="theme-toggle__label">{labels[preference]}</span>
    </button>
  );
}
