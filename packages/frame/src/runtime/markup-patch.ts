/**
 * Applies an edit of a widget's markup to the live DOM without rebuilding it: what changed between the
 * markup the widget was built from (`before`) and the edited markup (`after`) is applied to the live nodes,
 * and everything the edit did not change stays exactly as the widget's script left it — the same nodes
 * (so the script's references and listeners keep working), their text (a count the script wrote), their
 * attributes (`aria-pressed` it set), the children it added, a canvas and its WebGL context, focus and
 * typed values. A three-way merge: the live DOM is never compared with the edited markup directly, since it
 * differs from any markup wherever the script has been.
 *
 * Children are aligned, not just paired by position: an element of `after` equal to one a little further
 * on in `before` skips (deletes) the ones between, one with the same `id` is the same element changed, and
 * the element at the cursor is taken as changed only when it does not itself come back a little later (so
 * an element inserted before an unchanged one is an insertion, not a rewrite of it). Text is paired only
 * in place: whitespace is too common to align on. Live children past the markup's own (added by the script)
 * stay after the rest. The limit: a script that inserts or removes children in the middle of an element
 * shifts that element's pairing, and its changed children there are rebuilt rather than patched.
 */

const lookahead = 32;

/** Patches `live`'s children from what changed between `before`'s children and `after`'s. */
export function patchMarkup({
  live,
  before,
  after,
}: {
  live: ParentNode;
  before: ParentNode;
  after: ParentNode;
}): void {
  const liveChildren = Array.from(live.childNodes);
  const beforeChildren = Array.from(before.childNodes);
  const afterChildren = Array.from(after.childNodes);
  const pairs = alignChildren(beforeChildren, afterChildren);
  const kept = new Set(pairs.filter((index) => index >= 0));
  for (const [index] of beforeChildren.entries()) {
    if (!kept.has(index)) liveChildren[index]?.remove();
  }
  let previous: ChildNode | null = null;
  for (const [index, afterChild] of afterChildren.entries()) {
    const beforeIndex = pairs[index]!;
    const beforeChild = beforeIndex < 0 ? undefined : beforeChildren[beforeIndex];
    const liveChild = beforeIndex < 0 ? undefined : liveChildren[beforeIndex];
    let placed: ChildNode;
    if (beforeChild !== undefined && liveChild !== undefined && sameKind(liveChild, beforeChild)) {
      placed = patchNode({ live: liveChild, before: beforeChild, after: afterChild });
    } else {
      placed = afterChild.cloneNode(true) as ChildNode;
      live.insertBefore(placed, previous === null ? live.firstChild : previous.nextSibling);
    }
    previous = placed;
  }
}

/** The live node patched (or, when it cannot be, replaced by a copy of `after`): the node now in its place. */
function patchNode({
  live,
  before,
  after,
}: {
  live: ChildNode;
  before: ChildNode;
  after: ChildNode;
}): ChildNode {
  if (before.isEqualNode(after)) return live;
  if (before instanceof Element && after instanceof Element && live instanceof Element) {
    if (after.localName === 'template') return replaceWithCopy(live, after);
    patchAttributes({ live, before, after });
    patchMarkup({ live, before, after });
    return live;
  }
  if (before instanceof CharacterData && after instanceof CharacterData && live instanceof CharacterData) {
    if (before.data !== after.data) live.data = after.data;
    return live;
  }
  return replaceWithCopy(live, after);
}

function replaceWithCopy(live: ChildNode, after: ChildNode): ChildNode {
  const copy = after.cloneNode(true) as ChildNode;
  live.replaceWith(copy);
  return copy;
}

/** Sets the attributes the edit changed and removes those it dropped; the rest stay as the script left them. */
function patchAttributes({ live, before, after }: { live: Element; before: Element; after: Element }): void {
  for (const attribute of Array.from(after.attributes)) {
    const previous = before.getAttributeNS(attribute.namespaceURI, attribute.localName);
    if (previous !== attribute.value)
      live.setAttributeNS(attribute.namespaceURI, attribute.name, attribute.value);
  }
  for (const attribute of Array.from(before.attributes)) {
    if (!after.hasAttributeNS(attribute.namespaceURI, attribute.localName))
      live.removeAttributeNS(attribute.namespaceURI, attribute.localName);
  }
}

/** For each child of `after`, the index of the child of `before` it continues, or -1 for a new one. */
function alignChildren(before: readonly ChildNode[], after: readonly ChildNode[]): number[] {
  const pairs: number[] = [];
  let cursor = 0;
  for (const [index, afterChild] of after.entries()) {
    const found = afterChild instanceof Element ? findElement(before, cursor, afterChild, after, index) : -1;
    const atCursor = before[cursor];
    const textInPlace =
      !(afterChild instanceof Element) && atCursor !== undefined && sameKind(atCursor, afterChild)
        ? cursor
        : -1;
    const pair = found >= 0 ? found : textInPlace;
    pairs.push(pair);
    if (pair >= 0) cursor = pair + 1;
  }
  return pairs;
}

/** Where an element of `after` continues in `before`, from `cursor` on; -1 when it is new. */
function findElement(
  before: readonly ChildNode[],
  cursor: number,
  element: Element,
  after: readonly ChildNode[],
  index: number,
): number {
  const end = Math.min(before.length, cursor + lookahead);
  for (let candidate = cursor; candidate < end; candidate += 1) {
    if (before[candidate]!.isEqualNode(element)) return candidate;
  }
  if (element.id !== '') {
    for (let candidate = cursor; candidate < end; candidate += 1) {
      const node = before[candidate]!;
      if (node instanceof Element && sameKind(node, element) && node.id === element.id) return candidate;
    }
  }
  const atCursor = before[cursor];
  if (atCursor === undefined || !(atCursor instanceof Element) || !sameKind(atCursor, element)) return -1;
  if (atCursor.id !== element.id) return -1;
  // The element at the cursor comes back unchanged a little later: this one was inserted before it.
  const comesBack = after.slice(index + 1, index + 1 + lookahead).some((node) => node.isEqualNode(atCursor));
  return comesBack ? -1 : cursor;
}

function sameKind(first: Node, second: Node): boolean {
  if (first.nodeType !== second.nodeType) return false;
  if (first instanceof Element && second instanceof Element)
    return first.namespaceURI === second.namespaceURI && first.localName === second.localName;
  return true;
}
