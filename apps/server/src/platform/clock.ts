/** The server's clock, injectable so that tests can move time. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

export const DAY_MS = 24 * 60 * 60 * 1000;

/** `date` plus a number of days, as ISO text. */
export function addDays(date: Date, days: number): string {
  return new Date(date.getTime() + days * DAY_MS).toISOString();
}
