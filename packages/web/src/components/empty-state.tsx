const suggestions = [
  { label: '3D scene', prompt: 'Show me a 3D solar system I can orbit around' },
  { label: 'Chart', prompt: 'Chart the monthly revenue for this year' },
  { label: 'Form', prompt: 'Plan a weekend trip with a travel form' },
  { label: 'Calculator', prompt: 'Make me a calculator' },
];

/** The welcome screen of a new chat, with prompts that show what the app can draw. */
export function EmptyState({ onPick }: { onPick(prompt: string): void }) {
  return (
    <section className="empty-state" aria-labelledby="empty-state-title">
      <div className="empty-state__mark" aria-hidden="true" />
      <h1 id="empty-state-title">What should we build?</h1>
      <p>Ask for anything — answers can come with live, interactive widgets drawn right into the chat.</p>
      <ul className="empty-state__suggestions">
        {suggestions.map((suggestion) => (
          <li key={suggestion.label}>
            <button type="button" className="suggestion" onClick={() => onPick(suggestion.prompt)}>
              <span className="suggestion__label">{suggestion.label}</span>
              <span className="suggestion__prompt">{suggestion.prompt}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
