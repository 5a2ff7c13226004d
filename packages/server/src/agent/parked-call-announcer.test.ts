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
});
