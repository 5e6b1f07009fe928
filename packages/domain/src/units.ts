/**
 * Units of time and size, written once for the packages, the server and the scripts: durations in
 * milliseconds, data in bytes. A plan's allowance counts megabytes of 1024 × 1024 bytes.
 */

export const SECOND_MS = 1_000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** Seconds in a day (cookie lifetimes are given in seconds). */
export const DAY_SECONDS = DAY_MS / SECOND_MS;

/** Bytes in a megabyte and a gigabyte, as the plans and the nodes count them. */
export const MB = 1024 * 1024;
export const GB = 1024 * MB;

/** Megabytes in one gigabyte, the unit boundary of `dataVolume`. */
export const MB_PER_GB = GB / MB;
