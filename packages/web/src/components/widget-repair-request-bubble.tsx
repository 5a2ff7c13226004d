import { widgetRepairRequestLabel } from '@drawbridge/react';

/**
 * A repair request that "Fix it" sent, as the transcript shows it: one short line naming the revision. The
 * message itself is the whole request (the errors, the lines of script around them, the patch it asks
 * for), which the model reads; it stays one click away for anyone who wants to see what was asked.
 */
export function WidgetRepairRequestBubble({
  request,
  revisionNumber,
}: {
  request: string;
  revisionNumber: number;
}) {
  return (
    <div className="message__repair">
      <p className="message__user-text message__repair-label">
        <svg viewBox="0 0 20 20" width="15" height="15" aria-hidden="true">
          <path
            d="M12.6 3.4a4 4 0 0 0-4.9 5.3l-4.3 4.3a1.5 1.5 0 0 0 2.1 2.1l4.3-4.3a4 4 0 0 0 5.3-4.9l-2.4 2.4-2.1-.5-.5-2.1z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
            strokeLinejoin="round"
          />
        </svg>
        {widgetRepairRequestLabel({ revisionNumber })}
      </p>
      <details className="message__repair-details">
        <summary>Request sent to the model</summary>
        <pre>{request}</pre>
      </details>
    </div>
  );
}
