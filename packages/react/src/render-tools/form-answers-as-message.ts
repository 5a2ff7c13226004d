import type { RenderFormArgs, RenderFormField } from '@drawbridge/protocol';

function describeAnswer(field: RenderFormField, answer: unknown): string {
  if (answer === undefined || answer === null || answer === '') return '(left blank)';
  if (field.type === 'checkbox') return answer === true ? 'yes' : 'no';
  if (field.type === 'select') {
    return field.options?.find((option) => option.value === answer)?.label ?? String(answer);
  }
  return String(answer);
}

/** Each field's label with its answer as a person would say it (option labels, yes/no, "(left blank)"). */
export function formAnswerLines(
  form: RenderFormArgs,
  answers: Record<string, unknown>,
): Array<{ name: string; label: string; answer: string }> {
  return form.fields.map((field) => ({
    name: field.name,
    label: field.label,
    answer: describeAnswer(field, Object.hasOwn(answers, field.name) ? answers[field.name] : undefined),
  }));
}

/** The text of the user's next message after a form: one line per field, in the form's order. */
export function formAnswersAsMessage(form: RenderFormArgs, answers: Record<string, unknown>): string {
  const lines = formAnswerLines(form, answers).map(({ label, answer }) => `- ${label}: ${answer}`);
  return `Here are my answers:\n${lines.join('\n')}`;
}
