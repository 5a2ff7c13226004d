import type { TextSink } from './read-command-arguments.ts';

const partNames: Record<string, string> = { css: 'CSS', html: 'markup', js: 'script' };

function kilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

/**
 * Shows which part of a widget is streaming and how big it is so far. On a terminal one status line is
 * rewritten in place; otherwise (a pipe, a log file) one plain line is written as each part completes, so
 * the output stays readable without control characters.
 */
export function createWidgetProgress({ output, inPlace }: { output: TextSink; inPlace: boolean }) {
  let currentPart: string | undefined;
  let currentBytes = 0;
  let shownText = '';
  let started = false;
  const completed: string[] = [];

  const statusText = () =>
    [...completed, currentPart === undefined ? '' : `${partNames[currentPart]} ${kilobytes(currentBytes)}…`]
      .filter((piece) => piece !== '')
      .join(', ');

  const closePart = () => {
    if (currentPart === undefined) return;
    const summary = `${partNames[currentPart]} ${kilobytes(currentBytes)}`;
    completed.push(summary);
    if (!inPlace) output.write(`(widget ${summary})\n`);
    currentPart = undefined;
    currentBytes = 0;
  };

  const redraw = () => {
    if (!inPlace) return;
    const text = `(drawing a widget: ${statusText()})`;
    // Rewriting only when the text changes keeps a fast stream from flooding the terminal.
    if (text === shownText) return;
    shownText = text;
    output.write(`\r\u001b[2K${text}`);
  };

  return {
    /** A widget part event's part and delta, in stream order. */
    onPart(part: string, delta: string) {
      if (!started) {
        started = true;
        output.write(inPlace ? '\n' : '\n(drawing a widget…)\n');
      }
      if (part in partNames) {
        if (part !== currentPart) {
          closePart();
          currentPart = part;
        }
        currentBytes += Buffer.byteLength(delta, 'utf8');
      } else if (part === 'end') {
        closePart();
      }
      redraw();
    },
    /** Ends the status line, so what follows starts on a fresh one. */
    finish() {
      closePart();
      if (inPlace && shownText !== '') {
        output.write(`\r\u001b[2K(drew a widget: ${completed.join(', ')})\n`);
        shownText = '';
      }
    },
  };
}
