/** Shown in place of a typed widget the browser refused, with the same reason the model was given. */
export function WidgetProblem({ tool, message }: { tool: string; message: string }) {
  return (
    <div className="widget-problem" role="note">
      <span className="widget-problem__tool">{tool}</span>
      <span className="widget-problem__message">{message}</span>
    </div>
  );
}
