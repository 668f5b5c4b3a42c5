import { randomInt } from 'node:crypto';

/** A record's number: its prefix (`TU` top-up, `WD` withdrawal), the UTC time to the second and 6 random digits. */
export const recordNumber = (prefix: string, now: Date): string =>
  `${prefix}${now.toISOString().replace(/\D/g, '').slice(0, 14)}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
