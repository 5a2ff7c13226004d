import type { FormAnswers, RenderFormArgs, RenderFormField } from '@drawbridge/protocol';

/** What the user typed, as the inputs hold it: text for every field but checkboxes. */
export type FormDraft = Record<string, string | boolean>;

export type FormCheck =
  | { ok: true; answers: FormAnswers['values'] }
  | { ok: false; errors: Record<string, string> };

/** The draft a form starts from: each field's default, else empty (unchecked). */
export function initialFormDraft(form: RenderFormArgs): FormDraft {
  return Object.fromEntries(
    form.fields.map((field) => {
      if (field.type === 'checkbox') return [field.name, field.default === true];
      return [field.name, field.default === undefined ? '' : String(field.default)];
    }),
  );
}

function compilePattern(pattern: string): RegExp | undefined {
  try {
    // The schema checked the pattern with the `v` flag; anchor it like the HTML `pattern` attribute does.
    return new RegExp(`^(?:${pattern})$`, 'v');
  } catch {
    return undefined;
  }
}

/** Checks one field; returns the typed answer or the message to show under the field. */
function checkField(
  field: RenderFormField,
  value: string | boolean | undefined,
): { ok: true; answer: FormAnswers['values'][string] } | { ok: false; message: string } {
  if (field.type === 'checkbox') {
    const checked = value === true;
    if (field.required && !checked) return { ok: false, message: 'Tick this box to continue.' };
    return { ok: true, answer: checked };
  }
  const text = typeof value === 'string' ? value.trim() : '';
  if (text === '') {
    return field.required
      ? { ok: false, message: `${field.label} is required.` }
      : { ok: true, answer: null };
  }
  if (field.type === 'number') {
    const number = Number(text);
    if (!Number.isFinite(number)) return { ok: false, message: 'Enter a number.' };
    if (field.min !== undefined && number < field.min)
      return { ok: false, message: `Enter ${field.min} or more.` };
    if (field.max !== undefined && number > field.max)
      return { ok: false, message: `Enter ${field.max} or less.` };
    return { ok: true, answer: number };
  }
  if (field.type === 'select') {
    const known = field.options?.some((option) => option.value === text) === true;
    return known ? { ok: true, answer: text } : { ok: false, message: 'Choose one of the options.' };
  }
  if (field.type === 'date') {
    return Number.isNaN(Date.parse(text))
      ? { ok: false, message: 'Enter a date.' }
      : { ok: true, answer: text };
  }
  if (field.minLength !== undefined && text.length < field.minLength) {
    return { ok: false, message: `Use at least ${field.minLength} characters.` };
  }
  if (field.maxLength !== undefined && text.length > field.maxLength) {
    return { ok: false, message: `Use at most ${field.maxLength} characters.` };
  }
  if (field.pattern !== undefined && compilePattern(field.pattern)?.test(text) === false) {
    return { ok: false, message: 'This does not match the expected format.' };
  }
  return { ok: true, answer: text };
}

/** Validates a whole draft by the rules the form's schema declares; all field errors at once. */
export function validateFormAnswers(form: RenderFormArgs, draft: FormDraft): FormCheck {
  // Entries and `Object.fromEntries`, never `record[name] = …`: a field may be named `__proto__`.
  const answers: Array<[string, FormAnswers['values'][string]]> = [];
  const errors: Array<[string, string]> = [];
  for (const field of form.fields) {
    const checked = checkField(field, Object.hasOwn(draft, field.name) ? draft[field.name] : undefined);
    if (checked.ok) answers.push([field.name, checked.answer]);
    else errors.push([field.name, checked.message]);
  }
  return errors.length === 0
    ? { ok: true, answers: Object.fromEntries(answers) }
    : { ok: false, errors: Object.fromEntries(errors) };
}

/** One field's error for the current draft, for inline messages as the user leaves a field. */
export function fieldError(field: RenderFormField, value: string | boolean | undefined): string | undefined {
  const checked = checkField(field, value);
  return checked.ok ? undefined : checked.message;
}
