/** Why a widget's frame is gone: it navigated away, stopped answering, or was released to save WebGL contexts. */
export type WidgetStopReason = 'navigated' | 'unresponsive' | 'released';

/** What the card shows in place of a frame the host removed, with the way back. */
export function WidgetStoppedNotice({
  reason,
  height,
  onRestore,
}: {
  reason: WidgetStopReason;
  /** The frame's last height, so the transcript does not jump when the frame goes. */
  height: string;
  onRestore(): void;
}) {
  if (reason === 'released') {
    return (
      <div className="widget-card__released" style={{ minHeight: height }}>
        <span>This widget was paused to save graphics memory while it was off screen.</span>
        <button type="button" className="widget-toolbar__button" onClick={onRestore}>
          Restore widget
        </button>
      </div>
    );
  }
  if (reason === 'unresponsive') {
    return (
      <div className="widget-card__stopped widget-card__unresponsive" role="alert">
        <strong>This widget stopped responding and was removed.</strong>
        <span>It may be stuck in a loop or out of memory; the rest of the chat is unaffected.</span>
        <button type="button" className="widget-toolbar__button" onClick={onRestore}>
          Reload widget
        </button>
      </div>
    );
  }
  return (
    <div className="widget-card__stopped" role="alert">
      <strong>This widget tried to navigate away and was stopped.</strong>
      <span>It was removed so it cannot load another page inside the chat. Reload it to try again.</span>
    </div>
  );
}
