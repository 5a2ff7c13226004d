// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type RenderToolViewHost, renderToolView } from './render-tool-view.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
let sentMessages: string[];
let openedLinks: string[];
/** How the host answers the next `ui/message`: settled by each test when it wants the answer to arrive. */
let hostAnswer: { accept(): void; refuse(reason: string): void };
const host: RenderToolViewHost = {
  sendUserMessage: (text) => {
    sentMessages.push(text);
    return new Promise<void>((resolve, reject) => {
      hostAnswer = { accept: resolve, refuse: (reason) => reject(new Error(reason)) };
    });
  },
  openLink: (url) => openedLinks.push(url),
};

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  sentMessages = [];
  openedLinks = [];
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
});

function draw(tool: string, args: unknown): 'rendered' | 'refused' {
  const { state, node } = renderToolView({ tool, args, host });
  act(() => root.render(node));
  return state;
}

describe('renderToolView', () => {
  it('draws a table with the chat component once the arguments pass the protocol schema', () => {
    const state = draw('render_table', {
      title: 'Languages',
      columns: [
        { key: 'name', label: 'Name', type: 'string' },
        { key: 'year', label: 'Year', type: 'number' },
      ],
      rows: [
        { name: 'Lisp', year: 1958 },
        { name: 'C', year: 1972 },
      ],
    });
    expect(state).toBe('rendered');
    // The rows are virtualised (happy-dom lays nothing out), so the component shows in its headers and count.
    expect([...container.querySelectorAll('th')].map((cell) => cell.textContent)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Name/), expect.stringMatching(/^Year/)]),
    );
    expect(container.textContent).toContain('2 rows');
  });

  it('refuses arguments the schema refuses, showing the reason instead of the component', () => {
    const state = draw('render_table', {
      columns: [{ key: 'year', label: 'Year', type: 'number' }],
      rows: [{ year: 'long ago' }],
    });
    expect(state).toBe('refused');
    expect(container.querySelector('table')).toBeNull();
    expect(container.querySelector('.db-widget-problem__message')?.textContent).toBe(
      'rows.0.year: expected a number in column "year"',
    );
  });

  it('refuses a tool it does not draw', () => {
    expect(draw('constructor', {})).toBe('refused');
  });

  it("sends a form's answers as the user's next message, shown as sent once the host took them", async () => {
    fillTripForm();
    act(() => container.querySelector('form')?.requestSubmit());
    expect(sentMessages).toEqual(['Here are my answers:\n- City: Lisbon']);
    expect(submitButton()?.textContent).toBe('Sending…');
    expect(submitButton()?.disabled).toBe(true);
    expect(container.querySelector('form')?.dataset.sent).toBeUndefined();

    await act(async () => hostAnswer.accept());
    expect(container.querySelector('form')?.dataset.sent).toBe('true');
    expect(container.querySelector('[role="status"]')?.textContent).toContain('Lisbon');
  });

  it('keeps the form open with the reason when the host does not take the answers, and sends again', async () => {
    fillTripForm();
    act(() => container.querySelector('form')?.requestSubmit());
    await act(async () => hostAnswer.refuse('the chat did not take them.'));
    expect(container.querySelector('form')?.dataset.sent).toBeUndefined();
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(
      'Your answers were not sent: the chat did not take them.',
    );
    expect(submitButton()?.textContent).toBe('Send');

    act(() => container.querySelector('form')?.requestSubmit());
    expect(sentMessages).toHaveLength(2);
    await act(async () => hostAnswer.accept());
    expect(container.querySelector('form')?.dataset.sent).toBe('true');
    expect(container.querySelector('[role="alert"]')).toBeNull();
  });

  it('opens an image through the host instead of loading it inside the view', () => {
    draw('render_image', { url: 'https://images.example/cat.png', alt: 'A cat' });
    const button = [...container.querySelectorAll('button')].find((candidate) =>
      candidate.textContent?.startsWith('Open image from'),
    );
    act(() => button?.click());
    expect(openedLinks).toEqual(['https://images.example/cat.png']);
    expect(container.querySelector('iframe')).toBeNull();
  });
});

function fillTripForm(): void {
  draw('render_form', {
    title: 'Trip',
    fields: [{ name: 'city', label: 'City', type: 'text', required: true }],
    submitLabel: 'Send',
  });
  const city = container.querySelector<HTMLInputElement>('[name="city"]');
  if (city === null) throw new Error('no city field');
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(city, 'Lisbon');
    city.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

function submitButton(): HTMLButtonElement | null {
  return container.querySelector<HTMLButtonElement>('button[type="submit"]');
}
