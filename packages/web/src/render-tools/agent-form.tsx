import type { FormAnswers, RenderFormArgs, RenderFormField } from '@drawbridge/protocol';
import type { FormSubmitOutcome } from '@drawbridge/react';
import { formAnswerLines } from '@drawbridge/react';
import { type FormEvent, useId, useRef, useState } from 'react';
import {
  type FormDraft,
  fieldError,
  initialFormDraft,
  validateFormAnswers,
} from './validate-form-answers.ts';
import './agent-form.css';
import { errorMessage } from '../components/error-message.ts';

/**
 * A form the agent asked the user to fill in; checked here by the schema's rules, sent once, then shown as
 * its answers under "Sent" (no fields). A form sent before (`sentAnswers`, from a reloaded thread) starts so. When the
 * answers go somewhere that answers later (an MCP host), the form shows it is sending and only shows them as
 * sent once they were taken.
 */
export function AgentForm({
  form,
  onSubmitForm,
  sentAnswers: previouslySent,
}: {
  form: RenderFormArgs;
  onSubmitForm?(answers: FormAnswers['values']): FormSubmitOutcome | Promise<FormSubmitOutcome>;
  sentAnswers?: FormAnswers['values'];
}) {
  const formId = useId();
  const [draft, setDraft] = useState<FormDraft>(() => initialFormDraft(form));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sentAnswers, setSentAnswers] = useState<FormAnswers['values'] | undefined>(previouslySent);
  // Why the chat did not take the answers (a reply is still running); the form stays open to send again.
  const [refusal, setRefusal] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const formElement = useRef<HTMLFormElement>(null);

  const update = (field: RenderFormField, value: string | boolean) => {
    setDraft((current) => ({ ...current, [field.name]: value }));
    // Once a field shows an error, re-check it as the user types so the message goes away at the right moment.
    if (Object.hasOwn(errors, field.name)) {
      setErrors((current) => withFieldError(current, field.name, fieldError(field, value)));
    }
  };

  const handleBlur = (field: RenderFormField) => {
    const value = Object.hasOwn(draft, field.name) ? draft[field.name] : undefined;
    const untouchedEmpty = value === '' || value === false;
    if (!untouchedEmpty)
      setErrors((current) => withFieldError(current, field.name, fieldError(field, value)));
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sentAnswers || sending) return;
    const checked = validateFormAnswers(form, draft);
    if (!checked.ok) {
      setErrors(checked.errors);
      const firstInvalid = form.fields.find((field) => Object.hasOwn(checked.errors, field.name));
      if (firstInvalid) {
        formElement.current?.querySelector<HTMLElement>(`[name="${CSS.escape(firstInvalid.name)}"]`)?.focus();
      }
      return;
    }
    setErrors({});
    const settle = (outcome: FormSubmitOutcome) => {
      if (!outcome.ok) {
        setRefusal(outcome.message);
        return;
      }
      setRefusal(undefined);
      setSentAnswers(checked.answers);
    };
    const outcome = onSubmitForm?.(checked.answers) ?? { ok: true, message: '' };
    if (!(outcome instanceof Promise)) {
      settle(outcome);
      return;
    }
    setSending(true);
    void outcome
      .then(settle, (error: unknown) =>
        settle({ ok: false, message: `Your answers were not sent: ${errorMessage(error)}` }),
      )
      .finally(() => setSending(false));
  };

  const titleId = `${formId}-title`;
  return (
    <form
      ref={formElement}
      className="agent-form"
      aria-labelledby={form.title ? titleId : undefined}
      aria-label={form.title ? undefined : 'Form from the assistant'}
      noValidate
      onSubmit={handleSubmit}
      data-sent={sentAnswers ? 'true' : undefined}
      aria-busy={sending ? true : undefined}
    >
      {form.title && (
        <h2 className="agent-form__title" id={titleId}>
          {form.title}
        </h2>
      )}
      {form.description && <p className="agent-form__description">{form.description}</p>}
      {/* Once sent, the answers are the form: its fields (empty after a reload) would only repeat them. */}
      {!sentAnswers && (
        <fieldset className="agent-form__fields" disabled={sending}>
          {form.fields.map((field) => (
            <FormField
              key={field.name}
              field={field}
              inputId={`${formId}-${field.name}`}
              value={Object.hasOwn(draft, field.name) ? draft[field.name] : ''}
              error={Object.hasOwn(errors, field.name) ? errors[field.name] : undefined}
              onChange={(value) => update(field, value)}
              onBlur={() => handleBlur(field)}
            />
          ))}
        </fieldset>
      )}
      {sentAnswers ? (
        <div className="agent-form__sent" role="status">
          <span className="agent-form__sent-badge">
            <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
              <path
                d="M3 8.5l3 3 7-7"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
            Sent
          </span>
          <ul className="agent-form__answers">
            {formAnswerLines(form, sentAnswers).map(({ name, label, answer }) => (
              <li key={name}>
                <span className="agent-form__answer-label">{label}</span>
                <span>{answer}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <div className="agent-form__actions">
          <button type="submit" className="button button--primary" disabled={sending}>
            {sending ? 'Sending…' : form.submitLabel}
          </button>
          {refusal && (
            <p className="agent-form__error" role="alert">
              {refusal}
            </p>
          )}
          {form.fields.some((field) => field.required) && (
            <span className="agent-form__legend">
              <span className="agent-form__required" aria-hidden="true">
                *
              </span>{' '}
              required
            </span>
          )}
        </div>
      )}
    </form>
  );
}

function withFieldError(errors: Record<string, string>, name: string, message: string | undefined) {
  const entries = Object.entries(errors).filter(([key]) => key !== name);
  if (message) entries.push([name, message]);
  return Object.fromEntries(entries);
}

function FormField({
  field,
  inputId,
  value,
  error,
  onChange,
  onBlur,
}: {
  field: RenderFormField;
  inputId: string;
  value: string | boolean | undefined;
  error: string | undefined;
  onChange(value: string | boolean): void;
  onBlur(): void;
}) {
  const helpId = `${inputId}-help`;
  const errorId = `${inputId}-error`;
  const describedBy = [field.help ? helpId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id: inputId,
    name: field.name,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    'aria-required': field.required ? true : undefined,
    onBlur,
  };
  const label = (
    <>
      {field.label}
      {field.required && (
        <span className="agent-form__required" aria-hidden="true">
          {' '}
          *
        </span>
      )}
    </>
  );
  const messages = (
    <>
      {field.help && (
        <p className="agent-form__help" id={helpId}>
          {field.help}
        </p>
      )}
      {error && (
        <p className="agent-form__error" id={errorId}>
          {error}
        </p>
      )}
    </>
  );

  if (field.type === 'checkbox') {
    return (
      <div
        className="agent-form__field agent-form__field--checkbox"
        data-invalid={error ? 'true' : undefined}
      >
        <label className="agent-form__check" htmlFor={inputId}>
          <input
            {...common}
            type="checkbox"
            checked={value === true}
            onChange={(event) => onChange(event.target.checked)}
          />
          <span>{label}</span>
        </label>
        {messages}
      </div>
    );
  }
  const text = typeof value === 'string' ? value : '';
  return (
    <div className="agent-form__field" data-invalid={error ? 'true' : undefined}>
      <label className="agent-form__label" htmlFor={inputId}>
        {label}
      </label>
      {field.type === 'select' ? (
        <select
          {...common}
          className="agent-form__input"
          value={text}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">{field.placeholder ?? 'Choose…'}</option>
          {field.options?.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          className="agent-form__input"
          type={field.type}
          inputMode={field.type === 'number' ? 'decimal' : undefined}
          placeholder={field.placeholder}
          min={field.type === 'number' ? field.min : undefined}
          max={field.type === 'number' ? field.max : undefined}
          maxLength={field.type === 'text' ? field.maxLength : undefined}
          value={text}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      {messages}
    </div>
  );
}
