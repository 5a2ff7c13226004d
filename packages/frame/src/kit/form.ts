import { h, resolveElement } from './element.ts';

/** A form's answers by field name; a name several checkboxes share gives the list of the ticked ones. */
export type KitFormValues = Record<string, string | string[]>;

/** What `form(target, options)` accepts. */
export interface KitFormOptions {
  /** Extra rules by field name: return a message when the value is wrong, nothing when it is fine. */
  check?: Record<string, (value: string, values: KitFormValues) => string | undefined | null | false>;
  /** Runs with the answers once every field is valid; a returned promise disables the submit button until it settles. */
  submit?: (values: KitFormValues, form: HTMLFormElement) => unknown;
}

/** What `form()` returns. */
export interface KitForm {
  element: HTMLFormElement;
  /** Checks every field, shows the messages, and says whether all are valid. */
  validate(): boolean;
  values(): KitFormValues;
}

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/**
 * Validation for a `<form novalidate>`: on submit every named field is checked (its HTML constraints —
 * `required`, `min`, `type="email"`, `pattern`… — then the `check` rule for its name), each problem is shown
 * under its field (`aria-invalid`, `aria-describedby`), and a summary at the top of the form lists them with
 * links to the fields and takes focus. After a failed submit, fields are checked again as they change. A
 * `data-error` attribute on a field replaces the browser's wording of its constraint message.
 */
export function form(target: HTMLFormElement | string, options: KitFormOptions = {}): KitForm {
  const element = resolveElement<HTMLFormElement>(target);
  element.noValidate = true;
  // `wide`: in a `grid` form the summary spans the whole row.
  const summary = h('div', { class: 'alert wide', role: 'alert', tabindex: '-1', hidden: true });
  element.prepend(summary);
  let attempted = false;
  const problems = new Map<string, { control: Control; message: string }>();

  const controls = () =>
    [...element.elements].filter(
      (control): control is Control =>
        (control instanceof HTMLInputElement ||
          control instanceof HTMLSelectElement ||
          control instanceof HTMLTextAreaElement) &&
        control.name !== '' &&
        !control.disabled &&
        control.type !== 'submit' &&
        control.type !== 'button',
    );
  const firstOfEachName = () => {
    const seen = new Map<string, Control>();
    for (const control of controls()) if (!seen.has(control.name)) seen.set(control.name, control);
    return [...seen.values()];
  };

  const values = (): KitFormValues => {
    const result: KitFormValues = {};
    const multiple = new Set(
      controls()
        .filter((control) => control.type === 'checkbox')
        .map((control) => control.name)
        .filter((name, index, names) => names.indexOf(name) !== index),
    );
    for (const name of multiple) result[name] = [];
    for (const [name, value] of new FormData(element)) {
      if (typeof value !== 'string') continue;
      const previous = result[name];
      if (Array.isArray(previous)) previous.push(value);
      else result[name] = value;
    }
    return result;
  };

  const checkField = (control: Control, answers: KitFormValues): string => {
    const rule = options.check?.[control.name];
    const answer = answers[control.name];
    const custom = rule?.(Array.isArray(answer) ? answer.join(',') : (answer ?? ''), answers);
    if (custom) return custom;
    if (control.validity.valid) return '';
    return control.dataset.error ?? control.validationMessage;
  };

  const show = (control: Control, message: string) => {
    const group =
      control.type === 'radio' || control.type === 'checkbox' ? control.closest('fieldset') : null;
    const error = errorElementFor(control, group);
    error.textContent = message;
    error.hidden = !message;
    const invalidTargets =
      group === null
        ? [control]
        : [...element.querySelectorAll<Control>(`[name="${CSS.escape(control.name)}"]`)];
    for (const invalid of invalidTargets) {
      if (message) invalid.setAttribute('aria-invalid', 'true');
      else invalid.removeAttribute('aria-invalid');
    }
    if (message) problems.set(control.name, { control, message });
    else problems.delete(control.name);
  };

  const showSummary = () => {
    summary.hidden = problems.size === 0;
    if (problems.size === 0) return;
    const count = problems.size === 1 ? 'one field' : `${problems.size} fields`;
    summary.replaceChildren(
      h('strong', {}, `Please check ${count}:`),
      h(
        'ul',
        {},
        [...problems.values()].map(({ control, message }) =>
          h(
            'li',
            {},
            h(
              'a',
              { href: `#${control.id}`, onclick: () => control.focus() },
              `${fieldLabel(control)}: ${message}`,
            ),
          ),
        ),
      ),
    );
  };

  const validate = () => {
    const answers = values();
    for (const control of firstOfEachName()) show(control, checkField(control, answers));
    showSummary();
    return problems.size === 0;
  };

  const recheck = (event: Event) => {
    if (!attempted) return;
    const control = event.target as Control;
    if (control.name === '' || !('validity' in control)) return;
    const first = firstOfEachName().find((candidate) => candidate.name === control.name);
    if (first !== undefined) show(first, checkField(first, values()));
    showSummary();
  };
  element.addEventListener('input', recheck);
  element.addEventListener('change', recheck);

  element.addEventListener('submit', async (event) => {
    event.preventDefault();
    attempted = true;
    if (!validate()) {
      summary.focus();
      return;
    }
    const buttons = [...element.querySelectorAll<HTMLButtonElement>('button:not([type=button])')];
    const pending = options.submit?.(values(), element);
    if (!(pending instanceof Promise)) return;
    for (const button of buttons) button.disabled = true;
    try {
      await pending;
    } catch (error) {
      summary.hidden = false;
      summary.textContent = error instanceof Error ? error.message : String(error);
      summary.focus();
    } finally {
      for (const button of buttons) button.disabled = false;
    }
  });

  return { element, validate, values };
}

/** The field's error line: `#<id>-error` if the markup has one, else one the kit adds after the field (or its group). */
function errorElementFor(control: Control, group: Element | null): HTMLElement {
  if (control.id === '') control.id = `kit-${control.name}`;
  const id = `${control.id}-error`;
  let error = document.getElementById(id);
  if (error === null) {
    // Inside a <label> that wraps the field (so it stays in the label's grid cell), hidden from the label's
    // text, which is the field's name; `aria-describedby` still reads it, hidden or not.
    const wrappingLabel = group === null ? control.closest('label') : null;
    error = h('span', {
      class: 'error',
      id,
      hidden: true,
      'aria-hidden': wrappingLabel === null ? null : 'true',
    });
    if (group !== null) group.append(error);
    else if (wrappingLabel !== null) wrappingLabel.append(error);
    else control.after(error);
  }
  const describedBy = control.getAttribute('aria-describedby')?.split(/\s+/) ?? [];
  if (!describedBy.includes(id))
    control.setAttribute('aria-describedby', [...describedBy, id].join(' ').trim());
  return error;
}

/** The words a person knows the field by: its label (or its group's legend), without "(optional)". */
function fieldLabel(control: Control): string {
  const group =
    control.type === 'radio' || control.type === 'checkbox'
      ? control.closest('fieldset')?.querySelector('legend')
      : null;
  const label = group ?? control.labels?.[0];
  if (label === undefined || label === null) return control.name;
  // A label wrapping its field holds the field (a select's options are text too): read only the words.
  const words = label.cloneNode(true) as HTMLElement;
  for (const inner of words.querySelectorAll('input, select, textarea, .error')) inner.remove();
  return (
    words.textContent
      ?.replace(/\(optional\)/i, '')
      .replace(/\s+/g, ' ')
      .trim() || control.name
  );
}
