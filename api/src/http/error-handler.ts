import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';

import type { ErrorBody } from '../contracts/errors.js';
import { AppError } from './app-error.js';
import { describeError } from './describe-error.js';

/** PostgreSQL error codes that are the client's fault, mapped to a stable code and a plain message. */
const DATABASE_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  '23505': { status: 409, code: 'DUPLICATE', message: 'A record with the same unique value already exists' },
  '23503': {
    status: 409,
    code: 'REFERENCE_CONFLICT',
    message: 'The record refers to, or is referred to by, another record',
  },
  '23514': { status: 400, code: 'CONSTRAINT_VIOLATION', message: 'A value is out of the allowed range' },
  '22P02': { status: 400, code: 'INVALID_VALUE', message: 'A value has the wrong format' },
  // A text value PostgreSQL cannot store, such as U+0000 in a name, a search or a path parameter.
  '22021': { status: 400, code: 'INVALID_VALUE', message: 'A value has the wrong format' },
  // A sum past what a money column holds, such as an order total over 9,999,999,999.99.
  '22003': { status: 400, code: 'VALUE_OUT_OF_RANGE', message: 'A value is out of the allowed range' },
};

/**
 * The database is down, restarting or refusing connections: the request may succeed in a moment.
 * 503 tells a load balancer and a client so, where a 500 would read as a bug.
 */
const DATABASE_UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '08000',
  '08003',
  '08006', // connection failures
  '53300', // too_many_connections
]);

function isDatabaseUnavailable(error: { code?: unknown; name?: unknown; message?: unknown }): boolean {
  if (typeof error.code === 'string' && DATABASE_UNAVAILABLE_CODES.has(error.code)) return true;
  if (error.name === 'KnexTimeoutError') return true;
  return typeof error.message === 'string' && /^Connection terminated/.test(error.message);
}

export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof ZodError) {
    const errors: Record<string, string> = {};
    for (const issue of error.issues) {
      const field = issue.path.join('.') || 'body';
      errors[field] ??= issue.message;
    }
    return new AppError(400, 'VALIDATION_FAILED', 'Validation failed', errors);
  }
  const maybe = error as { code?: unknown; status?: unknown; type?: unknown };
  const mapped = typeof maybe.code === 'string' ? DATABASE_ERRORS[maybe.code] : undefined;
  if (mapped) {
    return new AppError(mapped.status, mapped.code, mapped.message);
  }
  if (maybe.code === 'LIMIT_FILE_SIZE') return new AppError(413, 'IMAGE_TOO_LARGE', 'Image must be less than 5MB');
  if (typeof maybe.code === 'string' && maybe.code.startsWith('LIMIT_')) {
    return new AppError(400, 'UPLOAD_REFUSED', 'The upload was refused: send one image in the "image" field');
  }
  // body-parser errors carry a status and a type
  if (maybe.type === 'entity.too.large') return new AppError(413, 'PAYLOAD_TOO_LARGE', 'The request body is too large');
  if (maybe.type === 'entity.parse.failed')
    return new AppError(400, 'MALFORMED_JSON', 'The request body is not valid JSON');
  // Other client errors raised by Express middleware (static files, body parsers) keep their status.
  if (typeof maybe.status === 'number' && maybe.status >= 400 && maybe.status < 500) {
    return maybe.status === 404
      ? AppError.notFound()
      : new AppError(maybe.status, 'BAD_REQUEST', 'The request could not be handled');
  }
  if (isDatabaseUnavailable(error as { code?: unknown; name?: unknown; message?: unknown })) {
    return new AppError(
      503,
      'SERVICE_UNAVAILABLE',
      'The portal cannot reach its database just now; try again in a moment',
    );
  }
  return new AppError(500, 'INTERNAL_ERROR', 'Something went wrong on our side; the error has been logged');
}

export const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  const appError = toAppError(error);
  if (appError.status >= 500) {
    req.log.error({ error: describeError(error) }, 'request failed');
  } else {
    req.log.info({ code: appError.code, status: appError.status }, 'request refused');
  }
  const body: ErrorBody = {
    code: appError.code,
    message: appError.message,
    ...(appError.errors ? { errors: appError.errors } : {}),
    ...(appError.details ? { details: appError.details } : {}),
    requestId: String(req.id),
  };
  if (appError.status === 503) res.setHeader('Retry-After', '5');
  res.status(appError.status).json(body);
};

export const apiNotFound: RequestHandler = (req, _res, next) => {
  next(AppError.notFound(`No API route for ${req.method} ${req.originalUrl.split('?')[0]}`, 'ROUTE_NOT_FOUND'));
};
