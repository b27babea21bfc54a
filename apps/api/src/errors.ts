import { ERROR_STATUS, MESSAGES, type ErrorCode } from '@shelfwise/contracts'

/** The one error type services throw; the error handler turns it into `{message, code}`. */
export class AppError extends Error {
  readonly code: ErrorCode
  readonly status: number
  readonly headers: Record<string, string> | undefined
  constructor(code: ErrorCode, message: string, headers?: Record<string, string>) {
    super(message)
    this.code = code
    this.status = ERROR_STATUS[code]
    this.headers = headers
  }
}

export const notFound = (message: string = MESSAGES.notFound) => new AppError('not_found', message)
export const badRequest = (message: string) => new AppError('bad_request', message)
export const conflict = (message: string) => new AppError('conflict', message)
/** Signed in, but not allowed to do this (a merge by a reader who is neither a moderator nor trusted). */
export const forbidden = (message: string) => new AppError('forbidden', message)
export const unauthorized = (message: string = MESSAGES.authRequired) => new AppError('unauthorized', message)
