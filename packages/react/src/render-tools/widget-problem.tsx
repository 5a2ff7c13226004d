/** Shown in place of a typed widget the browser refused, with the same reason the model was given. */
export function WidgetProblem({ tool, message }: { tool: string; message: string }) {
  return (
    <div className="db-widget-problem" role="note">
      <span className="db-widget-problem__tool">{tool}</span>
      <span className="db-widget-problem__message">{message}</span>
    </div>
  );
}
