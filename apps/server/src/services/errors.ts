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
