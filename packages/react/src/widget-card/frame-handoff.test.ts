// @vitest-environment happy-dom

import { afterEach, describe, expect, it } from 'vitest';
import type { FrameHost } from '../frame-host/frame-host.ts';
import { adoptFrame, parkFrame } from './frame-handoff.ts';

/** A stand-in host: its "iframe" (an element is enough to move), and whether it was disposed. */
function liveHost(container: HTMLElement) {
  const iframe = document.createElement('div');
  container.append(iframe);
  let disposed = false;
  const host = {
    iframe,
    dispose: () => {
      disposed = true;
      iframe.remove();
    },
  } as unknown as FrameHost;
  return { host, iframe, disposed: () => disposed };
}

const withMoveBefore = () => {
  // happy-dom has no moveBefore; a plain insert stands in for the browser's state-keeping move.
  Object.defineProperty(Element.prototype, 'moveBefore', {
    configurable: true,
    value(this: Element, node: Node, child: Node | null) {
      this.insertBefore(node, child);
    },
  });
};

afterEach(() => {
  delete (Element.prototype as { moveBefore?: unknown }).moveBefore;
  document.body.replaceChildren();
});

describe('frame handoff', () => {
  it('moves a parked frame into the card of the revision made from the one it shows', () => {
    withMoveBefore();
    const oldCard = document.body.appendChild(document.createElement('div'));
    const newCard = document.body.appendChild(document.createElement('div'));
    const { host, iframe, disposed } = liveHost(oldCard);
    expect(parkFrame({ lineageId: 'l1', widgetId: 'w1', host })).toBe(true);
    expect(adoptFrame({ lineageId: 'l1', baseId: 'w1', container: newCard })).toBe(host);
    expect(iframe.parentElement).toBe(newCard);
    expect(disposed()).toBe(false);
  });

  it('disposes a parked frame the next card was not made from, or that no card took by the end of the commit', async () => {
    withMoveBefore();
    const card = document.body.appendChild(document.createElement('div'));
    const other = liveHost(card);
    parkFrame({ lineageId: 'l1', widgetId: 'w1', host: other.host });
    expect(adoptFrame({ lineageId: 'l1', baseId: 'w0', container: card })).toBeUndefined();
    expect(other.disposed()).toBe(true);

    const unclaimed = liveHost(card);
    parkFrame({ lineageId: 'l2', widgetId: 'w5', host: unclaimed.host });
    expect(unclaimed.disposed()).toBe(false);
    await Promise.resolve();
    expect(unclaimed.disposed()).toBe(true);
    expect(adoptFrame({ lineageId: 'l2', baseId: 'w5', container: card })).toBeUndefined();
  });

  it('parks nothing where frames cannot move without reloading', () => {
    const card = document.body.appendChild(document.createElement('div'));
    const { host, iframe } = liveHost(card);
    expect(parkFrame({ lineageId: 'l1', widgetId: 'w1', host })).toBe(false);
    expect(iframe.parentElement).toBe(card);
    expect(adoptFrame({ lineageId: 'l1', baseId: 'w1', container: card })).toBeUndefined();
  });
});
