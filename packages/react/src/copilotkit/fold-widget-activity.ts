import {
  applyWidgetPart,
  createReplyWidget,
  type DrawbridgeActivityContent,
  seedWidget,
  type WidgetLookup,
  type WidgetPart,
} from '@drawbridge/protocol';
import type { TranscriptWidget } from '../transcript/transcript-state.ts';

type WidgetActivityContent = DrawbridgeActivityContent<'drawbridge.widget'>;

/** A widget activity folded so far: the widget, how many of the content's parts are in it, and the last of them. */
export interface FoldedWidgetActivity {
  widget: TranscriptWidget;
  partCount: number;
  lastPart: WidgetPart | undefined;
}

function samePart(first: WidgetPart | undefined, second: WidgetPart | undefined): boolean {
  return first?.part === second?.part && first?.delta === second?.delta && first?.replace === second?.replace;
}

// A revision and a refusal are a few short fields, set once (a failed edit sets the revision again).
function sameValue(first: unknown, second: unknown): boolean {
  return first === second || JSON.stringify(first) === JSON.stringify(second);
}

/**
 * The widget a `drawbridge.widget` activity holds, folded on from the previous fold of the same activity: only
 * the parts that came since are applied, so the widget's part log continues the one its frame was sent and a
 * delta costs the new part alone. A client hands each render a fresh copy of the content (CopilotKit parses it
 * anew), so parts are matched by position, not identity; content that no longer continues the previous fold (a
 * snapshot that replaced it) is folded afresh, and the frame then starts over. A live edit's revision
 * (`fromBase`) starts from its base's widget, found with `findWidget` (its part log itself, so a frame handed on
 * from the base gets only the hunks). Nothing changed, nothing new: the previous fold comes back as it was.
 */
export function foldWidgetActivity({
  previous,
  id,
  content,
  findWidget = () => undefined,
}: {
  previous: FoldedWidgetActivity | undefined;
  /** The activity's message id, which is the widget's id. */
  id: string;
  content: WidgetActivityContent;
  /** Where the widgets drawn before are (the base of a live edit). */
  findWidget?: WidgetLookup;
}): FoldedWidgetActivity {
  const continues =
    previous !== undefined &&
    previous.widget.id === id &&
    previous.partCount <= content.parts.length &&
    samePart(previous.lastPart, content.parts[previous.partCount - 1]);
  const baseId = content.fromBase === true ? content.revision?.baseId : undefined;
  const start = continues
    ? previous
    : {
        widget: baseId === undefined ? createReplyWidget(id) : seedWidget(id, findWidget(baseId)),
        partCount: 0,
        lastPart: undefined,
      };
  let widget = start.widget;
  for (let index = start.partCount; index < content.parts.length; index += 1) {
    widget = applyWidgetPart(widget, content.parts[index]!);
  }
  if (!sameValue(widget.revision, content.revision)) widget = withRevision(widget, content.revision);
  if (!sameValue(widget.refusal, content.refusal)) widget = withRefusal(widget, content.refusal);
  if (widget === start.widget && start === previous) return previous;
  return { widget, partCount: content.parts.length, lastPart: content.parts.at(-1) };
}

function withRevision(
  widget: TranscriptWidget,
  revision: WidgetActivityContent['revision'],
): TranscriptWidget {
  const { revision: _replaced, ...rest } = widget;
  return revision === undefined ? rest : { ...rest, revision };
}

function withRefusal(widget: TranscriptWidget, refusal: WidgetActivityContent['refusal']): TranscriptWidget {
  const { refusal: _replaced, ...rest } = widget;
  return refusal === undefined ? rest : { ...rest, refusal };
}
