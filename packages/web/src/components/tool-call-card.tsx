import type { ReactNode } from 'react';
import type { TranscriptToolCall } from '../transcript/transcript-state.ts';

/** A typed render-tool call: whatever the tool-call hook drew, or a neutral card saying where the call stands. */
export function ToolCallCard({ call, view }: { call: TranscriptToolCall; view: ReactNode | undefined }) {
  if (view !== undefined) {
    return <div className="tool-call">{view}</div>;
  }
  return (
    <div className="tool-call tool-call--pending" data-tool-call-id={call.toolCallId}>
      <span className="tool-call__name">{call.toolCallName}</span>
      <span className="tool-call__state">
        {/* A call the server refused before parking is never drawn; its result says why. */}
        {call.result ?? (call.complete ? 'No view for this tool' : 'Preparing…')}
      </span>
    </div>
  );
}
