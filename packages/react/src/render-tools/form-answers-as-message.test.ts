import { type RenderFormArgs, renderFormArgsSchema } from '@drawbridge/protocol';
import { describe, expect, it } from 'vitest';
import { formAnswersAsMessage } from './form-answers-as-message.ts';

const form: RenderFormArgs = renderFormArgsSchema.parse({
  fields: [
    { name: 'city', label: 'City', type: 'text', required: true },
    { name: 'nights', label: 'Nights', type: 'number' },
    {
      name: 'room',
      label: 'Room',
      type: 'select',
      options: [
        { value: 'single', label: 'Single room' },
        { value: 'double', label: 'Double room' },
      ],
    },
    { name: 'breakfast', label: 'Breakfast', type: 'checkbox' },
    { name: 'notes', label: 'Notes', type: 'text' },
  ],
});

describe('formAnswersAsMessage', () => {
  it("writes one line per field in the form's order, with option labels and yes/no", () => {
    expect(
      formAnswersAsMessage(form, { breakfast: true, city: 'Lisbon', nights: 3, room: 'double', notes: null }),
    ).toBe(
      'Here are my answers:\n- City: Lisbon\n- Nights: 3\n- Room: Double room\n- Breakfast: yes\n- Notes: (left blank)',
    );
  });

  it('says "no" for an unticked box and marks missing answers as blank, ignoring inherited names', () => {
    const answers = Object.create({ city: 'Inherited' }) as Record<string, unknown>;
    answers.breakfast = false;
    expect(formAnswersAsMessage(form, answers)).toContain('- City: (left blank)');
    expect(formAnswersAsMessage(form, answers)).toContain('- Breakfast: no');
  });
});
