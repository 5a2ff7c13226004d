// @vitest-environment happy-dom
import { renderFormArgsSchema } from '@drawbridge/protocol';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AgentForm } from './agent-form.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const form = renderFormArgsSchema.parse({
  title: 'Trip details',
  fields: [
    { name: 'city', label: 'City', type: 'text', required: true, help: 'Where you are going.' },
    { name: 'nights', label: 'Nights', type: 'number', min: 1, max: 30 },
    { name: 'code', label: 'Booking code', type: 'text', pattern: '[A-Z]{3}\\d{2}' },
    { name: 'terms', label: 'I accept the terms', type: 'checkbox', required: true },
  ],
  submitLabel: 'Book',
});

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

function input(name: string): HTMLInputElement {
  const element = container.querySelector<HTMLInputElement>(`[name="${name}"]`);
  if (!element) throw new Error(`no input named ${name}`);
  return element;
}

/** Sets a value the way React notices it (its value tracker ignores plain property writes). */
function type(name: string, value: string) {
  const element = input(name);
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  act(() => {
    setter?.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

function submit() {
  act(() => {
    container.querySelector<HTMLButtonElement>('button[type="submit"]')?.click();
  });
}

const errorTexts = () =>
  [...container.querySelectorAll('.agent-form__error')].map((element) => element.textContent);

/** A chat that takes every answer, recording what it was sent. */
const accept = (submitted: unknown[]) => (answers: unknown) => {
  submitted.push(answers);
  return { ok: true, message: 'Sent as your next message.' };
};

describe('AgentForm', () => {
  it('labels every field and marks required ones', () => {
    const submitted: unknown[] = [];
    act(() => root.render(<AgentForm form={form} onSubmitForm={accept(submitted)} />));
    const cityLabel = container.querySelector(`label[for="${input('city').id}"]`);
    expect(cityLabel?.textContent).toBe('City *');
    expect(input('city').getAttribute('aria-required')).toBe('true');
    expect(
      container.querySelector(`#${CSS.escape(input('city').getAttribute('aria-describedby') ?? '')}`)
        ?.textContent,
    ).toBe('Where you are going.');
  });

  it('shows every rule the schema declares and sends nothing while any fails', () => {
    const submitted: unknown[] = [];
    act(() => root.render(<AgentForm form={form} onSubmitForm={accept(submitted)} />));
    type('nights', '45');
    type('code', 'abc12');
    submit();
    expect(errorTexts()).toEqual([
      'City is required.',
      'Enter 30 or less.',
      'This does not match the expected format.',
      'Tick this box to continue.',
    ]);
    expect(input('nights').getAttribute('aria-invalid')).toBe('true');
    expect(submitted).toEqual([]);
  });

  it('sends typed answers once, then shows them read-only as "Sent"', () => {
    const submitted: unknown[] = [];
    act(() => root.render(<AgentForm form={form} onSubmitForm={accept(submitted)} />));
    type('city', 'Lisbon');
    type('nights', '3');
    act(() => input('terms').click());
    submit();
    expect(submitted).toEqual([{ city: 'Lisbon', nights: 3, code: null, terms: true }]);
    expect(container.querySelector('[role="status"]')?.textContent).toContain('Sent');
    expect(container.querySelector('[role="status"]')?.textContent).toContain('Lisbon');
    // The answers are the form now: no fields repeat them above the summary.
    expect(container.querySelector('fieldset, input, select')).toBeNull();
    expect(container.querySelector('button[type="submit"]')).toBeNull();
  });

  it('clears a field error as soon as the value becomes valid', () => {
    act(() => root.render(<AgentForm form={form} />));
    submit();
    expect(errorTexts()).toContain('City is required.');
    type('city', 'Porto');
    expect(errorTexts()).not.toContain('City is required.');
  });

  it('starts read-only with the answers a reloaded thread says were sent', () => {
    const submitted: unknown[] = [];
    const sentAnswers = { city: 'Lisbon', nights: 3, code: null, terms: true };
    act(() =>
      root.render(<AgentForm form={form} onSubmitForm={accept(submitted)} sentAnswers={sentAnswers} />),
    );
    const status = container.querySelector('[role="status"]')?.textContent ?? '';
    expect(status).toContain('Sent');
    expect(status).toContain('Lisbon');
    expect(status).toContain('(left blank)');
    // Not the empty fields of a fresh form above the answers.
    expect(container.querySelector('fieldset, input, select')).toBeNull();
    expect(container.querySelector('button[type="submit"]')).toBeNull();
    expect(submitted).toEqual([]);
  });

  it('stays open, saying why, when the chat refuses the answers', () => {
    const refuse = () => ({ ok: false, message: 'A reply is still being generated; wait for it to finish.' });
    act(() => root.render(<AgentForm form={form} onSubmitForm={refuse} />));
    type('city', 'Lisbon');
    act(() => input('terms').click());
    submit();
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(
      'A reply is still being generated; wait for it to finish.',
    );
    expect(container.querySelector('fieldset')?.disabled).toBe(false);
    expect(container.querySelector('button[type="submit"]')).not.toBeNull();
  });
});
