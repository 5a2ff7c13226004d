import { useState } from 'react';

const dismissedKey = 'drawbridge.demo-banner.dismissed';

function wasDismissed(): boolean {
  try {
    return window.sessionStorage.getItem(dismissedKey) === '1';
  } catch {
    // Storage can be switched off; the banner then comes back on each load, which is only a nuisance.
    return false;
  }
}

/** Says plainly that replies come from the offline demo model, and how to connect a real one; dismissible. */
export function DemoBanner({ hint }: { hint: string }) {
  const [dismissed, setDismissed] = useState(wasDismissed);
  if (dismissed) return null;
  const dismiss = () => {
    setDismissed(true);
    try {
      window.sessionStorage.setItem(dismissedKey, '1');
    } catch {
      // See wasDismissed: without storage the dismissal lasts until the next load.
    }
  };
  return (
    <aside className="demo-banner" aria-label="Demo mode">
      <details>
        <summary>
          <span className="demo-banner__badge">Demo</span>
          <span className="demo-banner__text">
            <span className="demo-banner__long">Replies come from the built-in offline demo model.</span>
            {/* On a phone the notice keeps to one line. */}
            <span className="demo-banner__short">Built-in offline model</span>
          </span>
          <span className="demo-banner__more">Connect a real model</span>
        </summary>
        <p className="demo-banner__hint">
          {hint || 'Set DRAWBRIDGE_MODEL (for example openai:gpt-4.1) to connect a real model.'}
        </p>
      </details>
      <button
        type="button"
        className="demo-banner__close icon-button"
        aria-label="Dismiss the demo notice"
        onClick={dismiss}
      >
        <svg viewBox="0 0 20 20" width="14" height="14" aria-hidden="true">
          <path
            d="M5 5l10 10M15 5L5 15"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
      </button>
    </aside>
  );
}
