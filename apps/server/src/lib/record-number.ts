import { randomInt } from 'node:crypto';
import { formatInZone } from '@juqi/contract';

/**
 * A record's number: its prefix (`TU` top-up, `WD` withdrawal, `AJ` adjustment, `OD` order), the time to the second as the
 * platform's clocks read it (docs/time.md: a number made at 01:19 on the 29th in Shanghai says the 29th, as the day
 * filters do), and 6 random digits.
 */
export const recordNumber = (prefix: string, now: Date, zone: string): string =>
  `${prefix}${formatInZone(now, zone).replace(/\D/g, '')}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
