/** Says plainly that replies come from the offline demo model, and how to connect a real one. */
export function DemoBanner({ hint }: { hint: string }) {
  return (
    <aside className="demo-banner" aria-label="Demo mode">
      <details>
        <summary>
          <span className="demo-banner__badge">Demo</span>
          <span>Replies come from the built-in offline demo model.</span>
          <span className="demo-banner__more">Connect a real model</span>
        </summary>
        <p className="demo-banner__hint">
          {hint || 'Set DRAWBRIDGE_MODEL (for example openai:gpt-4.1) to connect a real model.'}
        </p>
      </details>
    </aside>
  );
}
