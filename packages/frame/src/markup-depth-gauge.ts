import { textModeByElement, voidElements } from './runtime/markup-element-rules.ts';
import {
  MarkupTokenizer,
  type MarkupTokenSink,
  type StartTagToken,
  type TextMode,
} from './runtime/markup-tokenizer.ts';

/**
 * Elements the HTML tree builder closes by itself when a sibling starts (`<li>`, `<p>`, table parts, …) or
 * that cannot contain themselves: they are never counted, so a list or table written without end tags is not
 * mistaken for deep nesting. What really nests (`div`, `ul`, `table`, `span`, `svg`, …) is counted.
 */
const selfClosingSiblings = new Set(
  'p li dd dt option optgroup tr td th tbody thead tfoot caption colgroup rb rt rtc rp h1 h2 h3 h4 h5 h6 button a'.split(
    ' ',
  ),
);

/**
 * How deep a streamed widget's markup nests, measured on the server without a DOM: the frame's own tokenizer
 * and a stack of the open elements' names. It can only under-count (end tags close through whatever they
 * name; elements the parser closes implicitly are left out), so a real widget is never judged deeper than it
 * is; the frame's markup builder, which holds the real tree, enforces the same limit exactly.
 */
export class MarkupDepthGauge implements MarkupTokenSink {
  private readonly tokenizer = new MarkupTokenizer({ sink: this, resolveNamed: () => undefined });
  private readonly openNames: string[] = [];
  // Within `<svg>` or `<math>` a self-closing tag is an element with no children, as in XML.
  private foreignDepth = 0;
  private deepest = 0;

  /** The deepest nesting seen once `delta` is taken in. */
  append(delta: string): number {
    this.tokenizer.write(delta);
    return this.deepest;
  }

  text(): void {}

  startTag(tag: StartTagToken): TextMode {
    const { name } = tag;
    const foreign = this.foreignDepth > 0 || name === 'svg' || name === 'math';
    const opens = !voidElements.has(name) && !selfClosingSiblings.has(name) && !(foreign && tag.selfClosing);
    if (opens) {
      this.openNames.push(name);
      if (foreign) this.foreignDepth += 1;
      this.deepest = Math.max(this.deepest, this.openNames.length);
    }
    return foreign ? 'data' : (textModeByElement.get(name) ?? 'data');
  }

  endTag(name: string): void {
    const index = this.openNames.lastIndexOf(name);
    if (index === -1) return;
    const closed = this.openNames.length - index;
    this.openNames.length = index;
    this.foreignDepth = Math.max(0, this.foreignDepth - closed);
  }
}
