/**
 * The HTML parser's per-tag quirks that a streamed widget relies on, kept in one table so the
 * tree builder reads as an algorithm. Names are lower-case HTML tag names.
 */

const setOf = (names: string) => new Set(names.split(' '));

/** Elements that never have children or an end tag. */
export const voidElements = setOf(
  'area base br col embed hr img input keygen link meta param source track wbr',
);

/** Elements whose text is literal (`rawtext`) or literal with character references (`rcdata`). */
export const textModeByElement = new Map<string, 'rcdata' | 'rawtext'>([
  ['style', 'rawtext'],
  ['xmp', 'rawtext'],
  ['iframe', 'rawtext'],
  ['noembed', 'rawtext'],
  ['noframes', 'rawtext'],
  ['noscript', 'rawtext'],
  ['script', 'rawtext'],
  ['textarea', 'rcdata'],
  ['title', 'rcdata'],
]);

/** Elements whose first newline the parser drops. */
export const leadingNewlineElements = setOf('pre listing textarea');

/** Document-level tags that mean nothing inside a widget fragment. */
export const ignoredTags = setOf('html head body frameset');

/** Start tags that close an open `<p>` first. */
export const paragraphClosers = setOf(
  'address article aside blockquote center details dialog dir div dl fieldset figcaption figure footer ' +
    'form h1 h2 h3 h4 h5 h6 header hgroup hr main menu nav ol p pre search section summary table ul li dd dt ' +
    'listing xmp',
);

export const headingElements = setOf('h1 h2 h3 h4 h5 h6');

/** Where a search down the stack of open elements stops ("has an element in scope"). */
export const scopeBoundaries = setOf('applet caption html table td th marquee object template');

/** Elements an unrelated end tag does not reach past (the standard's "special" category). */
export const specialElements = setOf(
  'address applet area article aside base basefont bgsound blockquote body br button caption center col ' +
    'colgroup dd details dir div dl dt embed fieldset figcaption figure footer form frame frameset h1 h2 h3 ' +
    'h4 h5 h6 head header hgroup hr html iframe img input keygen li link listing main marquee menu meta nav ' +
    'noembed noframes noscript object ol p param plaintext pre script search section select source style ' +
    'summary table tbody td template textarea tfoot th thead title tr track ul wbr xmp',
);

/** Table sections; a `<tr>` directly inside `<table>` gets an implied `<tbody>`. */
export const tableSections = setOf('tbody thead tfoot');

/** Elements a list item, definition or option start tag closes, and where that search stops. */
export const impliedEndRules = new Map<string, { closes: Set<string>; stopsAtSpecialExcept: Set<string> }>([
  ['li', { closes: setOf('li'), stopsAtSpecialExcept: setOf('address div p') }],
  ['dd', { closes: setOf('dd dt'), stopsAtSpecialExcept: setOf('address div p') }],
  ['dt', { closes: setOf('dd dt'), stopsAtSpecialExcept: setOf('address div p') }],
]);

/** True for a `<meta http-equiv>` or `<base>`, which can navigate or redirect the frame; they are dropped. */
export function isNavigatingElement(name: string, attributes: Array<[string, string]>): boolean {
  return name === 'base' || (name === 'meta' && attributes.some(([attribute]) => attribute === 'http-equiv'));
}
