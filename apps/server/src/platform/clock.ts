import { DAY_MS } from '@separ/domain';

/** The server's clock, injectable so that tests can move time. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();

/** `date` plus a number of days, as ISO text. */
export function addDays(date: Date, days: number): string {
  return new Date(date.getTime() + days * DAY_MS).toISOString();
}
