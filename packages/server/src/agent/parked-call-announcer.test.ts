import { type RunEvent, runEvents } from '@drawbridge/protocol';
import { describe, expect, it } from 'vitest';
import { ParkedCallAnnouncer } from './parked-call-announcer.ts';

describe('ParkedCallAnnouncer', () => {
  it('announces a call parked after its END at once, and one parked before its END right after the END', () => {
    const events: RunEvent[] = [];
    const announcer = new ParkedCallAnnouncer({ emit: (event) => events.push(event) });

    announcer.ended('call-late');
    announcer.parked('call-late');
    expect(events).toEqual([runEvents.parkedCall({ toolCallId: 'call-late' })]);

    announcer.parked('call-early');
    expect(events).toHaveLength(1);
    announcer.ended('call-early');
    expect(events).toEqual([
      runEvents.parkedCall({ toolCallId: 'call-late' }),
      runEvents.parkedCall({ toolCallId: 'call-early' }),
    ]);
  });

  it('announces nothing for a call that ended without being parked', () => {
    const events: RunEvent[] = [];
    const announcer = new ParkedCallAnnouncer({ emit: (event) => events.push(event) });
    announcer.ended('call-refused');
    expect(events).toEqual([]);
  });

  it("holds a call's view back until its END too, in the order the tool gave it, before the parked notice", () => {
    const events: RunEvent[] = [];
    const announcer = new ParkedCallAnnouncer({ emit: (event) => events.push(event) });
    const view = runEvents.renderToolActivity({ toolCallId: 'call-1', toolName: 'render_table', args: {} });
    announcer.shown('call-1', view);
    announcer.parked('call-1');
    expect(events).toEqual([]);
    announcer.ended('call-1');
    expect(events).toEqual([view, runEvents.parkedCall({ toolCallId: 'call-1' })]);
    const later = runEvents.renderToolActivity({
      toolCallId: 'call-1',
      toolName: 'render_table',
      args: { a: 1 },
    });
    announcer.shown('call-1', later);
    expect(events.at(-1)).toBe(later);
  });
});
