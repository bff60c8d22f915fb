/** An operational error with a stable code; the error handler turns it into the API's error body. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly errors?: Record<string, string>,
    /** Structured context a client acts on (e.g. the submission result of a refused approval). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  static badRequest(code: string, message: string, errors?: Record<string, string>): AppError {
    return new AppError(400, code, message, errors);
  }

  static notFound(message = 'Not found', code = 'NOT_FOUND'): AppError {
    return new AppError(404, code, message);
  }

  static conflict(code: string, message: string): AppError {
    return new AppError(409, code, message);
  }
}
