import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { newId, ID_PREFIX } from '../lib/ids.js';
import { ApiError, errorBody } from '../lib/errors.js';

/**
 * Requests that Node's HTTP parser refuses before any route runs (oversized headers or URL,
 * a malformed request line, a client that never finishes its headers) still get the one
 * error shape and a Request-Id, written straight to the socket (docs/api-conventions.md).
 * They use the codes of the one table: too large is 413 request_too_large (the request line
 * and headers, like a body over 1 MiB), anything else 400 parameter_invalid.
 */
export const MAX_HEADER_BYTES = 16 * 1024;

function apiErrorFor(err: NodeJS.ErrnoException): ApiError {
  switch (err.code) {
    case 'HPE_HEADER_OVERFLOW':
      return new ApiError(
        'request_too_large',
        `The request line and headers are limited to ${MAX_HEADER_BYTES / 1024} KiB together; send long values in a JSON body instead.`,
      );
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new ApiError('parameter_invalid', 'The request headers were not received in time.');
    default:
      return new ApiError('parameter_invalid', 'The request is not well-formed HTTP/1.1.');
  }
}

export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  if (socket.writable) {
    const requestId = newId(ID_PREFIX.request);
    const error = apiErrorFor(err);
    const body = JSON.stringify(errorBody(error, requestId));
    socket.write(
      `HTTP/1.1 ${error.status} ${STATUS_CODES[error.status]}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Request-Id: ${requestId}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
