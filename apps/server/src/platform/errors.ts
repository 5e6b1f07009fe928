/**
 * A request a service refuses because of what it was asked (no such order, already paid …): the
 * CLI prints the message with exit code 2, an HTTP route answers it as a 4xx.
 */
export class InputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InputError';
  }
}

/** What was asked for does not exist (an HTTP route answers 404). */
export class NotFoundError extends InputError {
  constructor(message: string) {
    super(message);
    this.name = 'NotFoundError';
  }
}

/** The request clashes with what exists (a taken name; an HTTP route answers 409). */
export class ConflictError extends InputError {
  constructor(message: string) {
    super(message);
    this.name = 'ConflictError';
  }
}
