import { DrawbridgeError, errorResponseSchema, runInProgressResponseSchema } from '@drawbridge/protocol';

/** A failed request to our server, carrying the server's own `{ error: { code, message } }` when it sent one. */
export class ApiError extends DrawbridgeError {
  static override readonly errorName = 'ApiError';
  readonly status: number;
  /** With `run_in_progress`: the run the thread already has, to follow instead. */
  readonly runId: string | undefined;

  constructor({
    code,
    message,
    status,
    runId,
  }: { code: string; message: string; status: number; runId?: string }) {
    super({ code, message });
    this.status = status;
    this.runId = runId;
  }

  /** Builds the error from a non-OK response, preferring the JSON error body over the status text. */
  static async fromResponse(response: Response): Promise<ApiError> {
    const bodyText = await response.text().catch(() => '');
    let parsedBody: unknown;
    try {
      parsedBody = JSON.parse(bodyText);
    } catch {
      // Not JSON (a proxy error page, an empty body): fall back to the status line below.
      parsedBody = undefined;
    }
    const runInProgress = runInProgressResponseSchema.safeParse(parsedBody);
    if (runInProgress.success) {
      return new ApiError({ ...runInProgress.data.error, status: response.status });
    }
    const errorBody = errorResponseSchema.safeParse(parsedBody);
    if (errorBody.success) {
      return new ApiError({ ...errorBody.data.error, status: response.status });
    }
    const statusText = response.statusText || 'request failed';
    return new ApiError({
      code: `http_${response.status}`,
      message: `The server answered ${response.status} (${statusText}).`,
      status: response.status,
    });
  }
}
