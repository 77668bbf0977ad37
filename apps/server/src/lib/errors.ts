import { errorCodeOf, type ErrorCode } from '@saathchalo/shared';

/**
 * Errors a service throws; the one error handler turns them into the envelope and status. The code is
 * the catalogue's for the text (packages/shared error-codes.ts), else the status's.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  constructor(
    readonly statusCode: number,
    message: string,
    readonly data: Record<string, string> | null = null,
    code?: ErrorCode,
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code ?? codeFor(statusCode, message, data);
  }
}

/** A field-level refusal whose words the catalogue does not know is a validation failure, as the schema's are. */
function codeFor(status: number, message: string, data: Record<string, string> | null): ErrorCode {
  const byText = errorCodeOf((data && Object.values(data)[0]) ?? message, status);
  return data && status === 400 && byText === 'BAD_REQUEST' ? 'VALIDATION_FAILED' : byText;
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
