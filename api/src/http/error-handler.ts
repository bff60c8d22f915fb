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
  res.status(appError.status).json(body);
};

export const apiNotFound: RequestHandler = (req, _res, next) => {
  next(AppError.notFound(`No API route for ${req.method} ${req.originalUrl.split('?')[0]}`, 'ROUTE_NOT_FOUND'));
};
