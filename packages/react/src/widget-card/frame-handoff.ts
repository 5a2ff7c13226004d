import type { FrameHost } from '../frame-host/frame-host.ts';

/**
 * Hands a live widget frame from the card of one revision to the card of the next. An edit's new revision is
 * drawn in the reply that made it, a different place in the transcript, and an iframe that is removed from
 * the page and inserted elsewhere reloads: the widget would start over and lose what the user did in it.
 * `Element.moveBefore` moves an iframe without reloading it, so the card that goes away parks its frame here
 * (in its layout-effect cleanup, before React removes its DOM) and the card of the next revision adopts it
 * in the same commit. A frame nobody adopts by the end of the commit is disposed; without `moveBefore` nothing
 * is parked and the next card starts a fresh frame, as before.
 */

interface ParkedFrame {
  host: FrameHost;
  /** The revision the frame shows. */
  widgetId: string;
}

const parked = new Map<string, ParkedFrame>();
let parkingLot: HTMLElement | undefined;

interface MovingParent {
  moveBefore(node: Node, child: Node | null): void;
}

function canMove(element: Element): element is Element & MovingParent {
  return typeof (element as Partial<MovingParent>).moveBefore === 'function';
}

function lot(): HTMLElement {
  if (parkingLot?.isConnected) return parkingLot;
  parkingLot = document.createElement('div');
  parkingLot.setAttribute('aria-hidden', 'true');
  // Off screen but laid out: a frame waits here only between two steps of one commit.
  parkingLot.style.cssText = 'position:fixed;left:-10000px;top:0;width:0;height:0;overflow:hidden';
  document.body.append(parkingLot);
  return parkingLot;
}

/** Parks a live frame of the lineage for the card of its next revision; false when frames cannot move live. */
export function parkFrame({
  lineageId,
  widgetId,
  host,
}: {
  lineageId: string;
  widgetId: string;
  host: FrameHost;
}): boolean {
  const target = lot();
  if (!canMove(target) || !host.iframe.isConnected) return false;
  target.style.width = `${host.iframe.getBoundingClientRect().width}px`;
  target.moveBefore(host.iframe, null);
  parked.get(lineageId)?.host.dispose();
  parked.set(lineageId, { host, widgetId });
  // Layout effects run in the same task as the cleanup that parked it: a frame still here afterwards is
  // one no card took (its lineage left the transcript).
  queueMicrotask(() => {
    if (parked.get(lineageId)?.host !== host) return;
    parked.delete(lineageId);
    host.dispose();
  });
  return true;
}

/**
 * Takes the parked frame of the lineage into `container` when it shows `baseId`, the revision the adopting
 * one was made from; a frame showing anything else is disposed (the caller starts a fresh one).
 */
export function adoptFrame({
  lineageId,
  baseId,
  container,
}: {
  lineageId: string;
  baseId: string | undefined;
  container: HTMLElement;
}): FrameHost | undefined {
  const entry = parked.get(lineageId);
  if (entry === undefined) return undefined;
  parked.delete(lineageId);
  if (entry.widgetId !== baseId || !canMove(container)) {
    entry.host.dispose();
    return undefined;
  }
  container.moveBefore(entry.host.iframe, null);
  return entry.host;
}
