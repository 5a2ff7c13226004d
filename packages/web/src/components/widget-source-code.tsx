import type { ReactNode } from 'react';
import { ProseBlock } from './prose-block.tsx';

/**
 * The code as one fenced markdown block, so the chat's own code path draws it: sanitised, coloured by the
 * highlighter, with a Copy button. The fence is longer than any run of backticks in the code.
 */
function fencedCode(code: string, language: string): string {
  const longestRun = Math.max(2, ...(code.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longestRun + 1);
  return `${fence}${language}\n${code}\n${fence}`;
}

/** A part of a widget's source in the widget card's source dialog, as the chat draws code (`renderCode`). */
export function renderWidgetSourceCode({ text, language }: { text: string; language: string }): ReactNode {
  return <ProseBlock text={fencedCode(text, language)} />;
}
