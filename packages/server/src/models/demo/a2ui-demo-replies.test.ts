import {
  type A2uiSurface,
  a2uiUserActionOf,
  describeA2uiUserAction,
  foldA2uiActivity,
  type JsonObject,
  readA2uiToolArguments,
  sendA2uiToolName,
  writePointer,
} from '@drawbridge/protocol';
import { describe, expect, it } from 'vitest';
import { loadModelScript } from '../script/load-model-script.ts';
import { type DemoEntry, demoCatalogue } from './demo-catalogue.ts';
import { demoReplyValues, fillPlaceholders } from './fill-demo-reply.ts';
import { pickDemoEntry } from './pick-demo-entry.ts';

const entryById = (id: string): DemoEntry => demoCatalogue.find((entry) => entry.id === id)!;
const offeredTools = new Set([
  'render_image',
  'render_form',
  'render_table',
  'render_chart',
  sendA2uiToolName,
]);

/** The surface a demo entry draws, as the browser folds it. */
function surfaceOf(entryId: string): A2uiSurface {
  const call = loadModelScript(entryById(entryId).file)
    .steps.flatMap((step) => step.parts)
    .find((part) => part.type === 'tool-call' && part.toolName === sendA2uiToolName);
  const read = readA2uiToolArguments(call?.type === 'tool-call' ? call.input : undefined);
  const fold = read.success ? foldA2uiActivity({ a2ui_operations: read.messages }) : undefined;
  if (!fold?.success || fold.surfaces[0] === undefined) throw new Error(`${entryId} draws no surface`);
  return fold.surfaces[0];
}

/** The sentence the surface's button sends once the user changed `edits` (pointer → value). */
function actionSentence(surface: A2uiSurface, buttonId: string, edits: Record<string, unknown> = {}): string {
  let dataModel = surface.dataModel;
  for (const [pointer, value] of Object.entries(edits)) {
    dataModel = writePointer(dataModel, pointer, value as never) as JsonObject;
  }
  const button = surface.components.get(buttonId);
  if (button?.component !== 'Button') throw new Error(`no button ${buttonId}`);
  const action = a2uiUserActionOf({
    action: button.action,
    surface,
    dataModel,
    scopePath: '/',
    sourceComponentId: buttonId,
    now: new Date('2026-12-05T02:00:00Z'),
  });
  if (action === undefined) throw new Error('the button sends no event');
  return describeA2uiUserAction(action);
}

function answer(userText: string): { id: string | undefined; text: string } {
  const entry = pickDemoEntry({ catalogue: demoCatalogue, userText, offeredTools });
  const text =
    entry === undefined
      ? ''
      : loadModelScript(entry.file)
          .steps.flatMap((step) => step.parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])))
          .join('');
  const values = demoReplyValues({ userText, ...(entry?.pattern ? { pattern: entry.pattern } : {}) });
  return { id: entry?.id, text: fillPlaceholders(text, values) };
}

describe('the demo A2UI surfaces', () => {
  it('are picked by what a person asks for', () => {
    expect(answer('Can you book a table for dinner?').id).toBe('a2ui-booking-form');
    expect(answer('Show me a product comparison of headphones').id).toBe('a2ui-product-comparison');
    expect(answer('Open my settings panel').id).toBe('a2ui-settings-panel');
  });

  it("answer the booking form's action with what was chosen", () => {
    const sentence = actionSentence(surfaceOf('a2ui-booking-form'), 'book', { '/name': 'Ada', '/guests': 4 });
    const reply = answer(sentence);
    expect(reply.id).toBe('a2ui-booking-confirmed');
    expect(reply.text).toContain(
      'a table for **4** at Osteria Lume on **2026-07-10** at **19:30**, under the name Ada',
    );
  });

  it("answer the comparison's action with the pick", () => {
    const reply = answer(
      actionSentence(surfaceOf('a2ui-product-comparison'), 'choose', { '/pick': ['kestrel'] }),
    );
    expect(reply.id).toBe('a2ui-product-chosen');
    expect(reply.text).toContain('Good choice: **kestrel**');
  });

  it("answer the settings panel's action with every setting", () => {
    const sentence = actionSentence(surfaceOf('a2ui-settings-panel'), 'save', {
      '/appearance/theme': ['dark'],
      '/privacy/retentionDays': '30',
    });
    const reply = answer(sentence);
    expect(reply.id).toBe('a2ui-settings-saved');
    expect(reply.text).toContain('theme: **dark**, text size: **15 px**');
    expect(reply.text).toContain('chat history kept for **30 days**');
  });
});
