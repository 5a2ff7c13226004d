import {
  type A2uiComponentOf,
  a2uiText,
  type JsonValue,
  resolveA2uiNumber,
  resolveA2uiString,
} from '@drawbridge/protocol';
import { a2uiAccessibleName } from './a2ui-accessible-name.ts';
import { failingA2uiChecks, useA2uiInputValue, useA2uiScope } from './a2ui-bindings.ts';
import { useA2uiRenderContext } from './a2ui-render-context.ts';

interface FieldProps<Name extends 'TextField' | 'DateTimeInput' | 'Slider'> {
  component: A2uiComponentOf<Name>;
  scopePath: string;
}

/** A DOM id for a component drawn in a scope: unique on the page, and stable while the surface lives. */
export function useA2uiDomId(componentId: string, scopePath: string): string {
  const { idPrefix } = useA2uiRenderContext();
  return `${idPrefix}-${componentId}-${scopePath}`.replace(/[^A-Za-z0-9_-]/g, '_');
}

/** The failing checks of an input, announced and linked to it with `aria-describedby`. */
function CheckMessages({ id, messages }: { id: string; messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <ul className="a2ui-field__errors" id={id}>
      {messages.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}

const asText = (raw: JsonValue | undefined) => a2uiText(raw ?? '');

export function A2uiTextField({ component, scopePath }: FieldProps<'TextField'>) {
  const scope = useA2uiScope(scopePath);
  const id = useA2uiDomId(component.id, scopePath);
  const input = useA2uiInputValue(component.value ?? '', scopePath, asText);
  const { value, set: setValue } = input;
  const label = a2uiAccessibleName(resolveA2uiString(component.label, scope), component, scope);
  const pattern = component.validationRegexp;
  const patternFails = pattern !== undefined && value !== '' && !safeRegExp(pattern)?.test(value);
  const problems = input.touched
    ? [
        ...failingA2uiChecks(component.checks, scope),
        ...(patternFails ? ['This value does not have the expected format.'] : []),
      ]
    : [];
  const variant = component.variant ?? 'shortText';
  const common = {
    id,
    className: 'a2ui-field__input',
    value,
    'aria-invalid': problems.length > 0 ? true : undefined,
    'aria-describedby': problems.length > 0 ? `${id}-errors` : undefined,
    onBlur: input.touch,
  };
  return (
    <div className="a2ui-field">
      <label className="a2ui-field__label" htmlFor={id}>
        {label}
      </label>
      {variant === 'longText' ? (
        <textarea {...common} rows={3} onChange={(event) => setValue(event.target.value)} />
      ) : (
        <input
          {...common}
          type={variant === 'obscured' ? 'password' : 'text'}
          inputMode={variant === 'number' ? 'decimal' : undefined}
          autoComplete={variant === 'obscured' ? 'off' : undefined}
          onChange={(event) => setValue(event.target.value)}
        />
      )}
      <CheckMessages id={`${id}-errors`} messages={problems} />
    </div>
  );
}

function safeRegExp(pattern: string): RegExp | undefined {
  try {
    return new RegExp(`^(?:${pattern})$`, 'u');
  } catch {
    // A pattern the browser cannot compile checks nothing rather than refusing every value.
    return undefined;
  }
}

/** ISO 8601 in the data model, the input's own format on screen (`date`, `time` or `datetime-local`). */
function inputTypeOf(component: A2uiComponentOf<'DateTimeInput'>): 'date' | 'time' | 'datetime-local' {
  const date = component.enableDate ?? true;
  const time = component.enableTime ?? false;
  if (date && time) return 'datetime-local';
  return time ? 'time' : 'date';
}

function toInputValue(iso: string, type: ReturnType<typeof inputTypeOf>): string {
  if (type === 'date') return /^\d{4}-\d{2}-\d{2}/.exec(iso)?.[0] ?? '';
  if (type === 'time') return /(?:T|^)(\d{2}:\d{2})/.exec(iso)?.[1] ?? '';
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.exec(iso)?.[0] ?? '';
}

export function A2uiDateTimeInput({ component, scopePath }: FieldProps<'DateTimeInput'>) {
  const scope = useA2uiScope(scopePath);
  const id = useA2uiDomId(component.id, scopePath);
  const input = useA2uiInputValue(component.value, scopePath, asText);
  const { value, set: setValue } = input;
  const type = inputTypeOf(component);
  const label =
    component.label === undefined
      ? type === 'time'
        ? 'Time'
        : 'Date'
      : a2uiAccessibleName(resolveA2uiString(component.label, scope), component, scope);
  const bound = (limit: unknown) =>
    limit === undefined ? undefined : toInputValue(resolveA2uiString(limit, scope), type) || undefined;
  const problems = input.touched ? failingA2uiChecks(component.checks, scope) : [];
  return (
    <div className="a2ui-field">
      <label className="a2ui-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="a2ui-field__input"
        type={type}
        value={toInputValue(value, type)}
        min={bound(component.min)}
        max={bound(component.max)}
        aria-invalid={problems.length > 0 ? true : undefined}
        aria-describedby={problems.length > 0 ? `${id}-errors` : undefined}
        onChange={(event) => setValue(event.target.value)}
      />
      <CheckMessages id={`${id}-errors`} messages={problems} />
    </div>
  );
}

export function A2uiSlider({ component, scopePath }: FieldProps<'Slider'>) {
  const scope = useA2uiScope(scopePath);
  const id = useA2uiDomId(component.id, scopePath);
  const min = component.min ?? 0;
  const input = useA2uiInputValue(component.value, scopePath, (raw) => resolveA2uiNumber(raw, scope) ?? min);
  const { value, set: setValue } = input;
  const label = a2uiAccessibleName(
    component.label === undefined ? '' : resolveA2uiString(component.label, scope),
    component,
    scope,
  );
  const problems = input.touched ? failingA2uiChecks(component.checks, scope) : [];
  return (
    <div className="a2ui-field">
      <div className="a2ui-slider__head">
        <label className="a2ui-field__label" htmlFor={id}>
          {label}
        </label>
        <output className="a2ui-slider__value" htmlFor={id}>
          {value}
        </output>
      </div>
      <input
        id={id}
        className="a2ui-slider"
        type="range"
        min={min}
        max={component.max}
        step={Number.isInteger(min) && Number.isInteger(component.max) ? 1 : 'any'}
        value={value}
        aria-describedby={problems.length > 0 ? `${id}-errors` : undefined}
        onChange={(event) => setValue(Number(event.target.value))}
      />
      <CheckMessages id={`${id}-errors`} messages={problems} />
    </div>
  );
}
