import { describe, expect, it } from 'vitest';
import { v08ComponentSchema } from './a2ui-v08-schemas.ts';
import { normalizeV08Component } from './normalize-v08-component.ts';

function normalize(id: string, component: unknown) {
  return normalizeV08Component(v08ComponentSchema.parse({ id, component }));
}

describe('normalizeV08Component', () => {
  it('turns a v0.8 button into the v0.9 button it means', () => {
    expect(
      normalize('go', {
        Button: {
          child: 'label',
          primary: true,
          action: {
            name: 'submit',
            context: [
              { key: 'email', value: { path: '/form/email' } },
              { key: 'source', value: { literalString: 'card' } },
              { key: 'count', value: { literalNumber: 2 } },
            ],
          },
        },
      }).component,
    ).toEqual({
      id: 'go',
      component: 'Button',
      child: 'label',
      variant: 'primary',
      action: {
        event: { name: 'submit', context: { email: { path: '/form/email' }, source: 'card', count: 2 } },
      },
    });
  });

  it('renames layout, tabs, modal, slider and image properties', () => {
    expect(
      normalize('row', {
        Row: {
          children: { template: { componentId: 'item', dataBinding: '/items' } },
          distribution: 'spaceBetween',
          alignment: 'center',
        },
      }).component,
    ).toEqual({
      id: 'row',
      component: 'Row',
      children: { componentId: 'item', path: '/items' },
      justify: 'spaceBetween',
      align: 'center',
    });
    expect(
      normalize('tabs', { Tabs: { tabItems: [{ title: { literalString: 'One' }, child: 'a' }] } }).component,
    ).toEqual({
      id: 'tabs',
      component: 'Tabs',
      tabs: [{ title: 'One', child: 'a' }],
    });
    expect(normalize('m', { Modal: { entryPointChild: 'open', contentChild: 'body' } }).component).toEqual({
      id: 'm',
      component: 'Modal',
      trigger: 'open',
      content: 'body',
    });
    expect(normalize('s', { Slider: { value: { path: '/v' }, minValue: 1 } }).component).toEqual({
      id: 's',
      component: 'Slider',
      value: { path: '/v' },
      min: 1,
      max: 100,
    });
    expect(
      normalize('i', {
        Image: {
          url: { literalString: 'https://x/y.png' },
          altText: { literalString: 'Y' },
          fit: 'scale-down',
          usageHint: 'avatar',
        },
      }).component,
    ).toEqual({
      id: 'i',
      component: 'Image',
      url: 'https://x/y.png',
      description: 'Y',
      fit: 'scaleDown',
      variant: 'avatar',
    });
  });

  it('makes MultipleChoice a ChoicePicker, exclusive when one selection is allowed', () => {
    const options = [{ label: { literalString: 'A' }, value: 'a' }];
    expect(
      normalize('c', { MultipleChoice: { selections: { path: '/pick' }, options, maxAllowedSelections: 1 } })
        .component,
    ).toEqual({
      id: 'c',
      component: 'ChoicePicker',
      variant: 'mutuallyExclusive',
      options: [{ label: 'A', value: 'a' }],
      value: { path: '/pick' },
    });
  });

  it('makes a date TextField a DateTimeInput and collects literal initialisations', () => {
    expect(
      normalize('d', {
        TextField: {
          label: { literalString: 'When' },
          text: { path: '/when', literalString: '2026-07-01' },
          textFieldType: 'date',
        },
      }),
    ).toEqual({
      component: {
        id: 'd',
        component: 'DateTimeInput',
        label: 'When',
        value: { path: '/when' },
        enableDate: true,
      },
      initialisations: [{ path: '/when', value: '2026-07-01' }],
    });
  });
});
