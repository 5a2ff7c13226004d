// @vitest-environment happy-dom

import type { A2uiUserAction, ReplyActivity } from '@drawbridge/protocol';
import { officialA2uiExamples } from '@drawbridge/protocol/testing';
import type { BridgeOutcome } from '@drawbridge/react';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { A2uiActionSenderContext } from './a2ui-action-sender.ts';
import { A2uiActivityCard } from './a2ui-activity-card.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

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

function activityOf(messages: unknown[], key = 'a2ui_operations'): ReplyActivity {
  return { id: 'activity-1', activityType: 'a2ui-surface', content: { [key]: messages } };
}

function draw(activity: ReplyActivity, send?: (action: A2uiUserAction) => BridgeOutcome, streaming = false) {
  const card = <A2uiActivityCard activity={activity} streaming={streaming} />;
  act(() =>
    root.render(
      send ? <A2uiActionSenderContext.Provider value={send}>{card}</A2uiActionSenderContext.Provider> : card,
    ),
  );
}

const booking = [
  {
    version: 'v0.9',
    createSurface: {
      surfaceId: 'booking',
      catalogId: 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json',
    },
  },
  {
    version: 'v0.9',
    updateComponents: {
      surfaceId: 'booking',
      components: [
        { id: 'root', component: 'Column', children: ['name', 'guests', 'book'] },
        { id: 'name', component: 'TextField', label: 'Name', value: { path: '/name' } },
        { id: 'guests', component: 'Slider', label: 'Guests', min: 1, max: 8, value: { path: '/guests' } },
        {
          id: 'book',
          component: 'Button',
          child: 'book-label',
          variant: 'primary',
          action: {
            event: { name: 'book', context: { name: { path: '/name' }, guests: { path: '/guests' } } },
          },
          checks: [
            { condition: { call: 'required', args: { value: { path: '/name' } } }, message: 'Say who.' },
          ],
        },
        { id: 'book-label', component: 'Text', text: 'Book' },
      ],
    },
  },
  { version: 'v0.9', updateDataModel: { surfaceId: 'booking', value: { name: '', guests: 2 } } },
];

function setInput(element: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  act(() => {
    setter?.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('A2uiActivityCard', () => {
  it('draws every official example surface with no error', () => {
    const examples = officialA2uiExamples();
    expect(examples.length).toBe(85);
    for (const example of examples) {
      const key = example.version === '0.8' ? 'operations' : 'a2ui_operations';
      draw(activityOf(example.messages, key));
      const where = `${example.version} ${example.catalog}/${example.file}`;
      expect(container.querySelector('.a2ui-problem'), where).toBeNull();
      expect(container.querySelectorAll('[data-a2ui-surface]').length, where).toBeGreaterThan(0);
      expect(container.querySelector('[data-a2ui-missing]'), where).toBeNull();
    }
  });

  it('binds inputs both ways and sends the action with its context resolved', () => {
    const sent: A2uiUserAction[] = [];
    draw(activityOf(booking), (action) => {
      sent.push(action);
      return { ok: true, message: '' };
    });
    const button = container.querySelector<HTMLButtonElement>('.a2ui-button');
    expect(button?.getAttribute('aria-disabled')).toBe('true');
    expect(container.textContent).toContain('Say who.');
    act(() => button?.click());
    expect(sent).toEqual([]);

    const name = container.querySelector<HTMLInputElement>('input[type="text"]');
    if (!name) throw new Error('no name field');
    setInput(name, 'Ada');
    const slider = container.querySelector<HTMLInputElement>('input[type="range"]');
    if (!slider) throw new Error('no slider');
    setInput(slider, '5');
    expect(container.querySelector('output')?.textContent).toBe('5');
    act(() => button?.click());
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      name: 'book',
      surfaceId: 'booking',
      sourceComponentId: 'book',
      context: { name: 'Ada', guests: 5 },
    });
    expect(container.querySelector('[role="status"]')?.textContent).toBe('Sent “book” to the assistant.');
  });

  it('draws nothing but the problem when a message is invalid', () => {
    const broken = structuredClone(booking);
    (
      broken[1] as { updateComponents: { components: Array<Record<string, unknown>> } }
    ).updateComponents.components[1] = { id: 'name', component: 'TextField', label: 'Name', variant: 'huge' };
    draw(activityOf(broken));
    const problem = container.querySelector('[role="alert"]');
    expect(problem?.textContent).toContain('This interface could not be drawn.');
    expect(problem?.textContent).toContain(
      'message 2: updateComponents.components[1] (TextField "name").variant',
    );
    expect(container.querySelector('[data-a2ui-surface]')).toBeNull();
  });

  it('shows a surface that is still arriving with placeholders, and says when one never got its root', () => {
    draw(activityOf(booking.slice(0, 1)), undefined, true);
    expect(container.textContent).toBe('Building the interface…');
    draw(activityOf(booking.slice(0, 1)));
    expect(container.textContent).toContain('its root never arrived');
    const partial = structuredClone(booking.slice(0, 2)) as typeof booking;
    (partial[1] as { updateComponents: { components: unknown[] } }).updateComponents.components.splice(1, 1);
    draw(activityOf(partial), undefined, true);
    expect(container.querySelector('[data-a2ui-missing="name"]')).not.toBeNull();
  });

  it('shows a refusal to send under the surface', () => {
    const withName = [
      ...booking.slice(0, 2),
      { version: 'v0.9', updateDataModel: { surfaceId: 'booking', value: { name: 'Ada' } } },
    ];
    draw(activityOf(withName), () => ({
      ok: false,
      message: 'A reply is still being generated; wait for it to finish.',
    }));
    act(() => container.querySelector<HTMLButtonElement>('.a2ui-button')?.click());
    expect(container.querySelector('.a2ui-surface__status--refused')?.textContent).toContain(
      'wait for it to finish',
    );
  });

  it('follows a middleware 0.0.2 activity (v0.8 operations)', () => {
    draw(
      activityOf(
        [
          {
            surfaceUpdate: {
              surfaceId: 's',
              components: [
                { id: 'root', component: { Card: { child: 'title' } } },
                { id: 'title', component: { Text: { text: { path: '/title' }, usageHint: 'h2' } } },
              ],
            },
          },
          { dataModelUpdate: { surfaceId: 's', contents: [{ key: 'title', valueString: 'Hello' }] } },
          { beginRendering: { surfaceId: 's', root: 'root' } },
        ],
        'operations',
      ),
    );
    expect(container.querySelector('h4')?.textContent).toBe('Hello');
  });
});
