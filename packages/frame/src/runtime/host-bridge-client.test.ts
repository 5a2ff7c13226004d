import type { FrameToHostMessage } from '@drawbridge/protocol';
import { describe, expect, it } from 'vitest';
import { HostBridgeClient } from './host-bridge-client.ts';

describe('host.setState and host.getState', () => {
  it('post the state as JSON for the host to keep, and read back what the host gave or the widget set', async () => {
    const posted: FrameToHostMessage[] = [];
    const client = new HostBridgeClient({ post: (message) => posted.push(message) });
    expect(client.host.getState()).toBeNull();
    client.adoptState('{"count":2}');
    expect(client.host.getState()).toEqual({ count: 2 });

    const kept = client.host.setState({ count: 3 });
    expect(client.host.getState()).toEqual({ count: 3 });
    expect(posted).toEqual([{ drawbridge: 1, kind: 'state', id: 'bridge-1', json: '{"count":3}' }]);
    client.settle({ id: 'bridge-1', ok: true, message: 'Kept.' });
    await expect(kept).resolves.toBeUndefined();
    // A copy each time: changing what getState returned changes nothing kept.
    (client.host.getState() as { count: number }).count = 99;
    expect(client.host.getState()).toEqual({ count: 3 });
  });

  it('refuse, with the reason, a state past the bound, one that is not an object, and one JSON cannot hold', async () => {
    const posted: FrameToHostMessage[] = [];
    const client = new HostBridgeClient({ post: (message) => posted.push(message) });
    await expect(client.host.setState({ notes: 'x'.repeat(4000) })).rejects.toThrow(
      /^host\.setState: The state is 4\d{3} characters as JSON, more than the 4000 a widget may keep/,
    );
    await expect(client.host.setState([1] as never)).rejects.toThrow('must be a JSON object');
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    await expect(client.host.setState(cycle)).rejects.toThrow(/^host\.setState: the state cannot be JSON/);
    await expect(client.host.setState(undefined as never)).rejects.toThrow('must be a JSON object');
    expect(posted).toEqual([]);
    expect(client.host.getState()).toBeNull();
    // Text from the host that is no state is ignored.
    client.adoptState('[1]');
    expect(client.host.getState()).toBeNull();
  });

  it('keep the state for the page alone in a standalone export, which has no host', async () => {
    const client = new HostBridgeClient({ post: undefined });
    await expect(client.host.setState({ count: 1 })).resolves.toBeUndefined();
    expect(client.host.getState()).toEqual({ count: 1 });
  });
});
