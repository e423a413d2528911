/** Typed HTTP errors: the error middleware turns them into `{ success: false, message }`. */
export class HttpError extends Error {
  readonly status: number;
  readonly errors?: { field: string; message: string }[];
  readonly headers?: Record<string, string>;
  /** Further fields for the JSON answer, e.g. a `code` the browser acts on. */
  readonly extra?: Record<string, unknown>;

  constructor(
    status: number,
    message: string,
    options: {
      errors?: { field: string; message: string }[];
      headers?: Record<string, string>;
      extra?: Record<string, unknown>;
    } = {},
  ) {
    super(message);
    this.status = status;
    this.errors = options.errors;
    this.headers = options.headers;
    this.extra = options.extra;
  }
}

export const badRequest = (message: string, errors?: { field: string; message: string }[]) =>
  new HttpError(400, message, { errors });
export const unauthorized = (message = 'Please sign in to continue.') => new HttpError(401, message);
export const forbidden = (message = 'You do not have access to this.') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
