/** Errors a service throws; the one error handler turns them into the envelope and status. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly data: Record<string, string> | null = null,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, data: Record<string, string> | null = null) =>
  new AppError(400, message, data);
export const unauthorized = (message = 'Authentication required') => new AppError(401, message);
export const forbidden = (message: string) => new AppError(403, message);
export const notFound = (message = 'Not found') => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);

/** A field-level validation failure raised by a service (e.g. a date in the past). */
export const fieldError = (field: string, message: string) =>
  new AppError(400, 'Validation failed', { [field]: message });
