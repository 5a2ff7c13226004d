import { widgetLimits } from '@drawbridge/protocol/widget-limits';
import {
  adjustedAttribute,
  adjustedTagName,
  breaksOutOfForeignContent,
  htmlNamespace,
  isHtmlIntegrationPoint,
  mathMlNamespace,
  svgNamespace,
} from './foreign-content.ts';
import {
  headingElements,
  ignoredTags,
  impliedEndRules,
  isNavigatingElement,
  leadingNewlineElements,
  paragraphClosers,
  scopeBoundaries,
  specialElements,
  tableSections,
  textModeByElement,
  voidElements,
} from './markup-element-rules.ts';
import {
  MarkupTokenizer,
  type MarkupTokenSink,
  type StartTagToken,
  type TextMode,
} from './markup-tokenizer.ts';

/**
 * The incremental markup builder: appends a streamed widget's markup to the live DOM.
 *
 * Why not morph: a morph (morphdom, idiomorph) re-parses the whole accumulated markup for every
 * chunk and diffs it against the page — quadratic over a stream, and it must *decide* to keep a
 * canvas, a focused input or a scroll position. A streamed document only ever grows at its end,
 * so this builder does what the browser's own parser does while a page loads: it tokenizes just
 * the new delta, keeps the stack of open elements, and appends nodes as tags complete (text
 * grows the current text node, so partial text shows at once). Nodes already on screen are never
 * touched again, so a canvas, focus, typed values, selection and scroll survive every chunk by
 * construction, and the work per chunk is proportional to the chunk.
 *
 * It follows the HTML tree builder for what widgets use — implied end tags (`p`, `li`, `dd`,
 * `option`, table cells and rows), implied `<tbody>`/`<tr>`, SVG/MathML namespaces with their
 * case fixes and breakout, void and self-closing elements, raw-text elements, `<template>`
 * contents — and tolerates mismatched end tags the way the parser roughly does. It does not do
 * the adoption agency (misnested formatting elements), foster parenting of text inside tables,
 * or `<select>`/`<frameset>` modes. `<script>` (with its content), `<meta http-equiv>`, `<base>`
 * and document-level tags are dropped: widget JS runs only from the JS channel.
 *
 * It nests at most `maxDepth` elements deep (`widgetLimits.maxMarkupDepth`): the element that would go deeper
 * and everything after it are dropped, and `tooDeep` says so. Markup nested 100,000 levels deep is a runaway or
 * an attack, and every level costs style, layout and a height measurement on every change.
 */

interface OpenElement {
  element: Element;
  /** Where children go: the element itself, or a `<template>`'s content fragment. */
  container: Element | DocumentFragment;
  /** Lower-case local name, as end tags are compared. */
  name: string;
  namespace: string;
}

export class MarkupBuilder implements MarkupTokenSink {
  private readonly document: Document;
  private readonly tokenizer: MarkupTokenizer;
  private readonly openElements: OpenElement[];
  private readonly referenceCache = new Map<string, string | undefined>();
  private currentText: Text | null = null;
  private skipLeadingNewline = false;
  private discardingScript = false;
  private readonly maxDepth: number;
  private stopped = false;

  constructor({ root, maxDepth = widgetLimits.maxMarkupDepth }: { root: Element; maxDepth?: number }) {
    this.maxDepth = maxDepth;
    this.document = root.ownerDocument;
    this.openElements = [{ element: root, container: root, name: '#root', namespace: htmlNamespace }];
    this.tokenizer = new MarkupTokenizer({ sink: this, resolveNamed: (name) => this.resolveReference(name) });
  }

  /** Whether the markup nested past `maxDepth`: nothing from there on was built, nor will be. */
  get tooDeep(): boolean {
    return this.stopped;
  }

  /** Appends the next piece of markup. */
  append(delta: string): void {
    if (this.stopped) return;
    this.tokenizer.write(delta);
  }

  /** Ends the stream; anything still held (an unfinished reference or `<`) is resolved. */
  finish(): void {
    if (this.stopped) return;
    this.tokenizer.end();
  }

  text(text: string): void {
    if (this.stopped) return;
    let content = text;
    if (this.skipLeadingNewline && content.length > 0) {
      this.skipLeadingNewline = false;
      if (content.startsWith('\n')) content = content.slice(1);
    }
    if (this.discardingScript || content.length === 0) return;
    if (this.currentText !== null) {
      this.currentText.appendData(content);
      return;
    }
    this.currentText = this.document.createTextNode(content);
    this.current().container.appendChild(this.currentText);
  }

  startTag(tag: StartTagToken): TextMode {
    if (this.stopped) return 'data';
    this.currentText = null;
    this.skipLeadingNewline = false;
    const namespace = this.namespaceFor(tag);
    const name = namespace === htmlNamespace && tag.name === 'image' ? 'img' : tag.name;
    if (name === 'script') {
      this.discardingScript = true;
      return 'rawtext';
    }
    if (namespace === htmlNamespace) {
      if (ignoredTags.has(name) || isNavigatingElement(name, tag.attributes)) return 'data';
      this.closeImpliedElements(name);
    }
    const element = this.createElement(name, namespace, tag.attributes);
    if (element === undefined) return 'data';
    this.current().container.appendChild(element);
    const isVoid = namespace === htmlNamespace ? voidElements.has(name) : tag.selfClosing;
    if (isVoid) return 'data';
    this.push(element, name, namespace);
    if (namespace !== htmlNamespace) return 'data';
    this.skipLeadingNewline = leadingNewlineElements.has(name);
    return textModeByElement.get(name) ?? 'data';
  }

  endTag(name: string): void {
    if (this.stopped) return;
    this.currentText = null;
    this.skipLeadingNewline = false;
    if (name === 'script') {
      this.discardingScript = false;
      return;
    }
    if (name === 'br') {
      this.startTag({ name: 'br', attributes: [], selfClosing: false });
      return;
    }
    if (name === 'p' && !this.hasInScope('p', 'button')) {
      this.startTag({ name: 'p', attributes: [], selfClosing: false });
    }
    const searchesInScope = specialElements.has(name);
    for (let index = this.openElements.length - 1; index > 0; index--) {
      const entry = this.openElements[index]!;
      if (entry.name === name) {
        this.openElements.length = index;
        return;
      }
      const isHtml = entry.namespace === htmlNamespace;
      if (
        searchesInScope
          ? isHtml && scopeBoundaries.has(entry.name)
          : isHtml && specialElements.has(entry.name)
      ) {
        return;
      }
      if (!isHtml && isHtmlIntegrationPoint(entry.element.localName, entry.namespace)) return;
    }
  }

  private current(): OpenElement {
    return this.openElements[this.openElements.length - 1]!;
  }

  private push(element: Element, name: string, namespace: string): void {
    // The root is the first open element, so the new element's depth is the length of the stack.
    if (this.openElements.length > this.maxDepth) {
      element.remove();
      this.stopped = true;
      return;
    }
    const container =
      namespace === htmlNamespace && name === 'template' ? (element as HTMLTemplateElement).content : element;
    this.openElements.push({ element, container, name: name.toLowerCase(), namespace });
  }

  private namespaceFor(tag: StartTagToken): string {
    if (tag.name === 'svg') return svgNamespace;
    if (tag.name === 'math') return mathMlNamespace;
    const current = this.current();
    if (current.namespace === htmlNamespace) return htmlNamespace;
    if (isHtmlIntegrationPoint(current.element.localName, current.namespace)) return htmlNamespace;
    if (!breaksOutOfForeignContent(tag)) return current.namespace;
    while (
      this.openElements.length > 1 &&
      this.current().namespace !== htmlNamespace &&
      !isHtmlIntegrationPoint(this.current().element.localName, this.current().namespace)
    ) {
      this.openElements.pop();
    }
    return htmlNamespace;
  }

  private createElement(
    name: string,
    namespace: string,
    attributes: Array<[string, string]>,
  ): Element | undefined {
    let element: Element;
    try {
      element =
        namespace === htmlNamespace
          ? this.document.createElement(name)
          : this.document.createElementNS(namespace, adjustedTagName(name, namespace));
    } catch {
      // The tokenizer accepts names the DOM refuses (`<a"b>`); the browser's parser would keep them, but
      // such a tag is a typo in practice and dropping it keeps the rest of the widget building.
      return undefined;
    }
    for (const [attributeName, value] of attributes) {
      const { qualifiedName, namespace: attributeNamespace } = adjustedAttribute(attributeName, namespace);
      try {
        if (attributeNamespace === null) element.setAttribute(qualifiedName, value);
        else element.setAttributeNS(attributeNamespace, qualifiedName, value);
      } catch {
        // Same as above for attribute names the DOM refuses: skip the attribute, keep the element.
      }
    }
    return element;
  }

  /** The HTML tree builder's implied end tags and implied table parents for a start tag. */
  private closeImpliedElements(name: string): void {
    if (paragraphClosers.has(name) && this.hasInScope('p', 'button')) this.popThrough('p');
    if (headingElements.has(name) && headingElements.has(this.current().name)) this.openElements.pop();
    const rule = impliedEndRules.get(name);
    if (rule !== undefined) this.closeListItem(rule.closes, rule.stopsAtSpecialExcept);
    if (name === 'option' || name === 'optgroup') {
      if (this.current().name === 'option') this.openElements.pop();
      if (name === 'optgroup' && this.current().name === 'optgroup') this.openElements.pop();
    }
    if (name === 'button' && this.hasInScope('button', 'default')) this.popThrough('button');
    const isCell = name === 'td' || name === 'th';
    if (isCell || name === 'tr' || tableSections.has(name)) {
      this.closeInTable(new Set(['td', 'th']));
      if (!isCell) this.closeInTable(new Set(['tr']));
      if (tableSections.has(name)) this.closeInTable(tableSections);
    }
    if ((name === 'tr' || isCell) && this.current().name === 'table') this.insertImplied('tbody');
    if (isCell && tableSections.has(this.current().name)) this.insertImplied('tr');
  }

  private insertImplied(name: string): void {
    const element = this.document.createElement(name);
    this.current().container.appendChild(element);
    this.push(element, name, htmlNamespace);
  }

  private hasInScope(name: string, scope: 'default' | 'button'): boolean {
    for (let index = this.openElements.length - 1; index > 0; index--) {
      const entry = this.openElements[index]!;
      if (entry.namespace === htmlNamespace) {
        if (entry.name === name) return true;
        if (scopeBoundaries.has(entry.name) || (scope === 'button' && entry.name === 'button')) return false;
      } else if (isHtmlIntegrationPoint(entry.element.localName, entry.namespace)) {
        return false;
      }
    }
    return false;
  }

  private popThrough(name: string): void {
    for (let index = this.openElements.length - 1; index > 0; index--) {
      if (this.openElements[index]!.name === name) {
        this.openElements.length = index;
        return;
      }
    }
  }

  private closeListItem(closes: Set<string>, stopsAtSpecialExcept: Set<string>): void {
    for (let index = this.openElements.length - 1; index > 0; index--) {
      const entry = this.openElements[index]!;
      if (entry.namespace !== htmlNamespace) return;
      if (closes.has(entry.name)) {
        this.openElements.length = index;
        return;
      }
      if (specialElements.has(entry.name) && !stopsAtSpecialExcept.has(entry.name)) return;
    }
  }

  /** Closes the nearest open element named in `names` if it sits inside the current table. */
  private closeInTable(names: Set<string>): void {
    for (let index = this.openElements.length - 1; index > 0; index--) {
      const entry = this.openElements[index]!;
      if (entry.namespace === htmlNamespace && names.has(entry.name)) {
        this.openElements.length = index;
        return;
      }
      if (entry.name === 'table' || entry.name === 'template' || entry.namespace !== htmlNamespace) return;
    }
  }

  private resolveReference(name: string): string | undefined {
    if (this.referenceCache.has(name)) return this.referenceCache.get(name);
    // A detached textarea parses its markup as RCDATA: references are decoded, no element is ever created.
    const decoder = this.document.createElement('textarea');
    decoder.innerHTML = `&${name};`;
    const decoded = decoder.value === `&${name};` ? undefined : decoder.value;
    this.referenceCache.set(name, decoded);
    return decoded;
  }
}
