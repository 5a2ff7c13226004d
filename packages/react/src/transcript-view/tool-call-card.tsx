import type { ReactNode } from 'react';
import { toolCallNoun } from '../render-tools/tool-call-noun.ts';
import type { TranscriptToolCall } from '../transcript/transcript-state.ts';

/**
 * A typed render-tool call: whatever the tool-call hook drew, or a neutral card saying, in words, where the
 * call stands ("Preparing the table…").
 */
export function ToolCallCard({ call, view }: { call: TranscriptToolCall; view: ReactNode | undefined }) {
  if (view !== undefined) {
    return <div className="db-tool-call">{view}</div>;
  }
  const noun = toolCallNoun(call.toolCallName);
  return (
    <div
      className="db-tool-call db-tool-call--pending"
      data-tool-call-id={call.toolCallId}
      data-tool-name={call.toolCallName}
    >
      {/* A call the server refused before parking is never drawn; its result says why. */}
      {call.result !== undefined ? (
        <>
          <span className="db-tool-call__name">{capitalised(noun)}</span>
          <span className="db-tool-call__state">{call.result}</span>
        </>
      ) : (
        <span className="db-tool-call__state">
          {call.complete ? `Nothing here can show the ${noun}.` : `Preparing the ${noun}…`}
        </span>
      )}
    </div>
  );
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
