import {
  type A2uiComponentOf,
  type JsonValue,
  resolveA2uiBoolean,
  resolveA2uiString,
  resolveA2uiStringList,
} from '@drawbridge/protocol';
import { a2uiAccessibleName } from './a2ui-accessible-name.ts';
import { failingA2uiChecks, useA2uiInputValue, useA2uiScope } from './a2ui-bindings.ts';
import { useA2uiDomId } from './a2ui-field-components.tsx';
import { A2uiNode } from './a2ui-node.tsx';
import { useA2uiRenderContext } from './a2ui-render-context.ts';

interface ChoiceProps<Name extends 'Button' | 'CheckBox' | 'ChoicePicker'> {
  component: A2uiComponentOf<Name>;
  scopePath: string;
}

/**
 * A Button: its child is its label; pressing it sends its action (`act`). While one of its checks fails it is
 * disabled and says why, so an action never leaves with a form the agent said was incomplete.
 */
export function A2uiButton({ component, scopePath, depth }: ChoiceProps<'Button'> & { depth: number }) {
  const { act } = useA2uiRenderContext();
  const scope = useA2uiScope(scopePath);
  const id = useA2uiDomId(component.id, scopePath);
  const problems = failingA2uiChecks(component.checks, scope);
  const variant = component.variant ?? 'default';
  return (
    <span className="a2ui-button-wrap">
      <button
        type="button"
        className={`a2ui-button a2ui-button--${variant}`}
        aria-disabled={problems.length > 0 ? true : undefined}
        aria-describedby={problems.length > 0 ? `${id}-why` : undefined}
        onClick={() => {
          if (problems.length === 0)
            act({ action: component.action, scopePath, sourceComponentId: component.id });
        }}
      >
        <A2uiNode id={component.child} scopePath={scopePath} depth={depth + 1} />
      </button>
      {problems.length > 0 && (
        <span className="a2ui-button__why" id={`${id}-why`}>
          {problems[0]}
        </span>
      )}
    </span>
  );
}

const asBoolean = (raw: JsonValue | undefined) => raw === true || raw === 'true';

export function A2uiCheckBox({ component, scopePath }: ChoiceProps<'CheckBox'>) {
  const scope = useA2uiScope(scopePath);
  const id = useA2uiDomId(component.id, scopePath);
  const input = useA2uiInputValue(component.value, scopePath, (raw) =>
    typeof raw === 'object' && raw !== null ? resolveA2uiBoolean(raw, scope) : asBoolean(raw),
  );
  const { value: checked, set: setChecked } = input;
  const problems = input.touched ? failingA2uiChecks(component.checks, scope) : [];
  const label = resolveA2uiString(component.label, scope);
  return (
    <div className="a2ui-field a2ui-field--check">
      <label className="a2ui-check" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          checked={checked}
          // A checkbox the agent left without a label (a task's "done") is still named, without showing more.
          aria-label={label.trim() === '' ? a2uiAccessibleName('', component, scope) : undefined}
          aria-invalid={problems.length > 0 ? true : undefined}
          aria-describedby={problems.length > 0 ? `${id}-errors` : undefined}
          onChange={(event) => setChecked(event.target.checked)}
        />
        <span>{label}</span>
      </label>
      {problems.length > 0 && (
        <p className="a2ui-field__errors" id={`${id}-errors`}>
          {problems[0]}
        </p>
      )}
    </div>
  );
}

/**
 * A ChoicePicker (v0.8's MultipleChoice): one choice (radio buttons) or several (checkboxes, or chips that are
 * toggle buttons); the selection is a list of option values, two-way bound like every input.
 */
export function A2uiChoicePicker({ component, scopePath }: ChoiceProps<'ChoicePicker'>) {
  const scope = useA2uiScope(scopePath);
  const id = useA2uiDomId(component.id, scopePath);
  const input = useA2uiInputValue(component.value, scopePath, (raw) => resolveA2uiStringList(raw, scope));
  const { value: selection, set: setSelection } = input;
  const single = component.variant === 'mutuallyExclusive';
  const label = a2uiAccessibleName(
    component.label === undefined ? '' : resolveA2uiString(component.label, scope),
    component,
    scope,
  );
  const problems = input.touched ? failingA2uiChecks(component.checks, scope) : [];
  const toggle = (value: string, on: boolean) => {
    if (single) setSelection(on ? [value] : []);
    else
      setSelection(
        on
          ? [...selection.filter((item) => item !== value), value]
          : selection.filter((item) => item !== value),
      );
  };
  const chips = component.displayStyle === 'chips';
  return (
    <fieldset
      className={`a2ui-choices${chips ? ' a2ui-choices--chips' : ''}`}
      aria-describedby={problems.length > 0 ? `${id}-errors` : undefined}
    >
      <legend className="a2ui-field__label">{label}</legend>
      {component.options.map((option, index) => {
        const optionLabel = resolveA2uiString(option.label, scope);
        const on = selection.includes(option.value);
        if (chips) {
          return (
            <button
              key={option.value}
              type="button"
              className="a2ui-chip"
              aria-pressed={on}
              onClick={() => toggle(option.value, !on)}
            >
              {optionLabel}
            </button>
          );
        }
        return (
          <label key={option.value} className="a2ui-check" htmlFor={`${id}-${index}`}>
            <input
              id={`${id}-${index}`}
              type={single ? 'radio' : 'checkbox'}
              name={id}
              checked={on}
              onChange={(event) => toggle(option.value, event.target.checked)}
            />
            <span>{optionLabel}</span>
          </label>
        );
      })}
      {problems.length > 0 && (
        <p className="a2ui-field__errors" id={`${id}-errors`}>
          {problems[0]}
        </p>
      )}
    </fieldset>
  );
}
