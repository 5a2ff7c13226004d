/** How a continuation request starts, so the demo model (and a reader of a prompt) can tell it from a user's message. */
export const continuationMarker = '[Continue the stopped reply]';

/** The line that says the kept reply ended inside a widget, which must be written again whole. */
const cutWidgetLine =
  'It was stopped while you were writing a widget: that widget is incomplete and its script never ran. ' +
  'Write that widget again from its start, in full (@@CSS@@, @@HTML@@, @@JS@@, @@END@@), then finish what ' +
  'you were saying.';

/**
 * What the model reads after the reply it left unfinished (Stop), as the last user turn of a continuation run.
 * Never stored: the thread keeps the reply and the continuation appended to it, as one reply. A widget cannot
 * be resumed mid-part (its parser would read the rest as prose, its script runs once at `@@END@@`), so a reply
 * cut inside a widget is asked for that widget again, whole.
 */
export function continuationRequest({ cutWidget }: { cutWidget: boolean }): string {
  return [
    `${continuationMarker} Your previous reply was stopped before it was finished.`,
    ...(cutWidget ? [cutWidgetLine] : []),
    'Continue from exactly where it stopped: do not repeat what you already wrote, and do not mention the interruption.',
  ].join(' ');
}

/** Whether a user turn is a continuation request, and whether it asks for a cut widget again. */
export function readContinuationRequest(text: string): { cutWidget: boolean } | undefined {
  if (!text.startsWith(continuationMarker)) return undefined;
  return { cutWidget: text.includes(cutWidgetLine) };
}
