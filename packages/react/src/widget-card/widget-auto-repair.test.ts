import { describe, expect, it } from 'vitest';
import { createTranscriptWidget, type TranscriptMessage } from '../transcript/transcript-state.ts';
import {
  emptyWidgetRepairHistory,
  shouldRepairAutomatically,
  widgetRepairHistoryOf,
} from './widget-auto-repair.ts';
import { buildWidgetRepairRequest } from './widget-repair-request.ts';

function userMessage(id: string, text: string): TranscriptMessage {
  return { id, role: 'user', parts: [{ kind: 'prose', text }] };
}

function replyWithWidget(id: string, widgetId: string): TranscriptMessage {
  return { id, role: 'assistant', parts: [{ kind: 'widget', widget: createTranscriptWidget(widgetId) }] };
}

const repairRequest = buildWidgetRepairRequest({
  lineageId: 'w1',
  revisionNumber: 1,
  problems: [{ message: 'TypeError: x is null', line: 2 }],
  js: 'let x = null;\nx.y();',
});

const brokenRevision = { widgetId: 'w1', lineageId: 'w1', revisionNumber: 1, problemCount: 1 };

describe('widgetRepairHistoryOf', () => {
  it('names the revisions a repair request asked for and the widgets its reply drew', () => {
    const history = widgetRepairHistoryOf([
      userMessage('u1', 'Roll some dice'),
      replyWithWidget('a1', 'w1'),
      userMessage('u2', repairRequest),
      replyWithWidget('a2', 'w2'),
      userMessage('u3', 'Show me a tally counter'),
      replyWithWidget('a3', 'w3'),
    ]);
    expect([...history.requested]).toEqual(['w1#1']);
    expect([...history.repairs]).toEqual(['w2']);
  });

  it('does not take a message that only quotes a request for one', () => {
    const history = widgetRepairHistoryOf([
      userMessage('u1', `What does this mean? ${repairRequest}`),
      replyWithWidget('a1', 'w1'),
    ]);
    expect(history.requested.size).toBe(0);
    expect(history.repairs.size).toBe(0);
  });
});

describe('shouldRepairAutomatically', () => {
  it('repairs a broken revision once when enabled', () => {
    expect(
      shouldRepairAutomatically({ enabled: true, history: emptyWidgetRepairHistory, ...brokenRevision }),
    ).toBe(true);
    const asked = widgetRepairHistoryOf([
      userMessage('u1', 'Roll some dice'),
      replyWithWidget('a1', 'w1'),
      userMessage('u2', repairRequest),
    ]);
    expect(shouldRepairAutomatically({ enabled: true, history: asked, ...brokenRevision })).toBe(false);
  });

  it('never repairs a repair, so a repair that breaks again cannot loop', () => {
    const history = widgetRepairHistoryOf([
      userMessage('u1', 'Roll some dice'),
      replyWithWidget('a1', 'w1'),
      userMessage('u2', repairRequest),
      replyWithWidget('a2', 'w2'),
    ]);
    expect(
      shouldRepairAutomatically({
        enabled: true,
        history,
        widgetId: 'w2',
        lineageId: 'w1',
        revisionNumber: 2,
        problemCount: 1,
      }),
    ).toBe(false);
  });

  it('sends nothing when the server has it off or the widget reported nothing', () => {
    expect(
      shouldRepairAutomatically({ enabled: false, history: emptyWidgetRepairHistory, ...brokenRevision }),
    ).toBe(false);
    expect(
      shouldRepairAutomatically({
        enabled: true,
        history: emptyWidgetRepairHistory,
        ...brokenRevision,
        problemCount: 0,
      }),
    ).toBe(false);
  });
});
