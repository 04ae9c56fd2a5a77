import { ErrorCode, errorStatus, type ErrorBody, type FieldIssue } from '@shared/errors';
import type { ZodError } from 'zod';

/** An error the API answers as `{ message, code, details? }` with the code's status. */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorBody['details'],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }

  get status() {
    return errorStatus[this.code];
  }

  toBody(): ErrorBody {
    return this.details ? { message: this.message, code: this.code, details: this.details } : { message: this.message, code: this.code };
  }
}

export function validationError(error: ZodError): AppError {
  const issues: FieldIssue[] = error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  const first = issues[0];
  const message = first ? (first.path ? `${first.message} (${first.path})` : first.message) : 'Invalid request';
  return new AppError(ErrorCode.validation, message, { issues });
}

export function rateLimited(retryAfterSeconds: number, message = 'Too many attempts. Please wait and try again.'): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new AppError(ErrorCode.rateLimited, message, { retryAfterSeconds: seconds }, { 'Retry-After': String(seconds) });
}

export const unauthorized = (message = 'Please sign in to continue') => new AppError(ErrorCode.unauthorized, message);
export const forbidden = (message = 'You cannot change another user') => new AppError(ErrorCode.forbidden, message);
export const notFound = (message = 'Not found') => new AppError(ErrorCode.notFound, message);
