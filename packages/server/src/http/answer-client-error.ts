import type { Socket } from 'node:net';
import type { AppErrorCode } from '@drawbridge/protocol';
import { errorBody } from './http-error.ts';

/** What Node's HTTP parser refused before any route saw the request, in our error shape. */
function describeClientError(code: string | undefined): {
  status: number;
  reason: string;
  code: AppErrorCode;
  message: string;
} {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return {
        status: 431,
        reason: 'Request Header Fields Too Large',
        code: 'headers_too_large',
        message: 'The request headers are too large.',
      };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return {
        status: 408,
        reason: 'Request Timeout',
        code: 'request_timeout',
        message: 'The request took too long to arrive.',
      };
    case 'HPE_INVALID_EOF_STATE':
      return {
        status: 400,
        reason: 'Bad Request',
        code: 'incomplete_body',
        message: 'The request ended before its body was complete.',
      };
    default:
      return {
        status: 400,
        reason: 'Bad Request',
        code: 'malformed_request',
        message: 'The request could not be parsed as HTTP.',
      };
  }
}

/**
 * Node's `clientError` handler: a request the parser refused (cut off, malformed, too slow, headers too
 * large) is answered with the same JSON error body as every other refusal, then the socket is closed.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable || socket.writableEnded) {
    socket.destroy();
    return;
  }
  const { status, reason, code, message } = describeClientError(error.code);
  const body = JSON.stringify(errorBody(code, message));
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
