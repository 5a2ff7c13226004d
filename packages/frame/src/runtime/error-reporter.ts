import type { FrameErrorSource, FrameToHostMessage } from '@drawbridge/protocol';

/** Reports uncaught errors, unhandled rejections and CSP violations to the host. */
export function reportErrors({
  window: target,
  post,
  errorSource,
}: {
  window: Window;
  post: (message: FrameToHostMessage) => void;
  /** `'script'` once widget JS has started, `'runtime'` before. */
  errorSource: () => FrameErrorSource;
}): void {
  target.addEventListener('error', (event) => {
    const message =
      event.error instanceof Error ? `${event.error.name}: ${event.error.message}` : event.message;
    const source = errorSource();
    // An inline script's line numbers count from its own first line, which is the widget's first line of JS.
    const line = source === 'script' && event.lineno > 0 ? { line: event.lineno } : {};
    post({ drawbridge: 1, kind: 'error', source, message: message || 'Script error', ...line });
  });
  target.addEventListener('unhandledrejection', (event) => {
    const reason =
      event.reason instanceof Error ? `${event.reason.name}: ${event.reason.message}` : String(event.reason);
    post({ drawbridge: 1, kind: 'error', source: 'rejection', message: reason });
  });
  target.document.addEventListener('securitypolicyviolation', (event) => {
    post({
      drawbridge: 1,
      kind: 'error',
      source: 'csp',
      message: `Blocked by the frame's policy (${event.effectiveDirective}): ${event.blockedURI}`,
      blockedUri: event.blockedURI,
      directive: event.effectiveDirective,
    });
  });
}
