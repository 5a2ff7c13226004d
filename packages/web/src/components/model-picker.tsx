import type { HealthResponse } from '@drawbridge/protocol';

/**
 * The model of the chat on screen, in the top bar: a choice when the server has several (`GET /api/health`'s
 * `models`), the one model's name otherwise. A new chat keeps the choice until its first message creates it.
 */
export function ModelPicker({
  health,
  value,
  disabled,
  onChange,
}: {
  health: HealthResponse;
  /** The chat's model; one the server no longer has shows as the default the server runs instead. */
  value: string | undefined;
  disabled: boolean;
  onChange(modelId: string): void;
}) {
  const { models } = health;
  const shown = models.find((model) => model.id === value) ?? health.model;
  const dotClass = shown.demo ? 'model-pill__dot model-pill__dot--demo' : 'model-pill__dot';
  if (models.length < 2) {
    return (
      <span className="model-pill" title={`Model: ${shown.id}`}>
        <span className={dotClass} />
        {shown.id}
      </span>
    );
  }
  return (
    <label className="model-pill model-picker" title={`Model: ${shown.id}`}>
      <span className={dotClass} />
      <span className="visually-hidden">Model</span>
      <select
        className="model-picker__select"
        value={shown.id}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      >
        {models.map((model) => (
          <option key={model.id} value={model.id}>
            {model.demo ? `${model.id} (offline demo)` : model.id}
          </option>
        ))}
      </select>
      <span className="model-picker__chevron" aria-hidden="true">
        ▾
      </span>
    </label>
  );
}
