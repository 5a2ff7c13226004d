import {
  type DashboardTimeRange,
  dashboardTimeRangePresets,
  dashboardTimeRangeSchema,
  describeSchemaError,
} from '@drawbridge/protocol';
import { useId, useState } from 'react';
import { describeTimeRange, sameTimeRange } from './dashboard-view.ts';

const presetLabels = { '1h': '1 h', '24h': '24 h', '7d': '7 d' };
const presetTitles = { '1h': 'Last hour', '24h': 'Last 24 hours', '7d': 'Last 7 days' };

/** `datetime-local` wants local "YYYY-MM-DDTHH:mm". */
function toLocalInput(isoTime: string): string {
  const time = new Date(isoTime);
  const shifted = new Date(time.getTime() - time.getTimezoneOffset() * 60_000);
  return shifted.toISOString().slice(0, 16);
}

function defaultCustomBounds(range: DashboardTimeRange): { since: string; until: string } {
  if (!('preset' in range)) return { since: toLocalInput(range.since), until: toLocalInput(range.until) };
  const until = new Date();
  const since = new Date(until.getTime() - 86_400_000);
  return { since: toLocalInput(since.toISOString()), until: toLocalInput(until.toISOString()) };
}

/** Presets as a segmented control, and custom bounds in a small popover checked by the shared schema. */
export function TimeRangePicker({
  range,
  onChange,
}: {
  range: DashboardTimeRange;
  onChange(range: DashboardTimeRange): void;
}) {
  const popoverId = useId();
  const [customOpen, setCustomOpen] = useState(false);
  const [bounds, setBounds] = useState(() => defaultCustomBounds(range));
  const [problem, setProblem] = useState<string | undefined>();
  const isCustom = !('preset' in range);

  const applyCustom = () => {
    const candidate = {
      since: new Date(bounds.since).toISOString(),
      until: new Date(bounds.until).toISOString(),
    };
    const parsed =
      Number.isNaN(Date.parse(bounds.since)) || Number.isNaN(Date.parse(bounds.until))
        ? undefined
        : dashboardTimeRangeSchema.safeParse(candidate);
    if (!parsed) {
      setProblem('Enter both dates.');
      return;
    }
    if (!parsed.success) {
      setProblem(describeSchemaError(parsed.error));
      return;
    }
    setProblem(undefined);
    setCustomOpen(false);
    onChange(parsed.data);
  };

  return (
    <div className="range-picker">
      <fieldset className="segmented" aria-label="Time range">
        {dashboardTimeRangePresets.map((preset) => {
          const active = sameTimeRange(range, { preset });
          return (
            <button
              key={preset}
              type="button"
              className="segmented__option"
              aria-pressed={active}
              title={presetTitles[preset]}
              onClick={() => onChange({ preset })}
            >
              {presetLabels[preset]}
            </button>
          );
        })}
        <button
          type="button"
          className="segmented__option"
          aria-pressed={isCustom}
          aria-expanded={customOpen}
          aria-controls={popoverId}
          onClick={() => {
            setBounds(defaultCustomBounds(range));
            setCustomOpen((open) => !open);
          }}
        >
          {isCustom ? describeTimeRange(range) : 'Custom'}
        </button>
      </fieldset>
      {customOpen && (
        <fieldset className="range-picker__popover" id={popoverId}>
          <legend className="visually-hidden">Custom time range</legend>
          <label className="range-picker__field">
            <span>Since</span>
            <input
              type="datetime-local"
              value={bounds.since}
              onChange={(event) => setBounds((current) => ({ ...current, since: event.target.value }))}
            />
          </label>
          <label className="range-picker__field">
            <span>Until</span>
            <input
              type="datetime-local"
              value={bounds.until}
              onChange={(event) => setBounds((current) => ({ ...current, until: event.target.value }))}
            />
          </label>
          {problem && (
            <p className="range-picker__problem" role="alert">
              {problem}
            </p>
          )}
          <div className="range-picker__actions">
            <button type="button" className="button button--secondary" onClick={() => setCustomOpen(false)}>
              Cancel
            </button>
            <button type="button" className="button button--primary" onClick={applyCustom}>
              Apply
            </button>
          </div>
        </fieldset>
      )}
    </div>
  );
}
