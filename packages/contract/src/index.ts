import type { AnyCall } from './call';
import { settingsCalls } from './settings';
import { systemCalls } from './system';

export * from './call';
export * from './errors';
export * from './settings';
export * from './system';

/** Every call the server answers, by module. The server refuses to boot if one of these has no handler. */
export const callsByModule = {
  system: systemCalls,
  settings: settingsCalls,
} satisfies Record<string, Record<string, AnyCall>>;

export const allCalls: AnyCall[] = Object.values(callsByModule).flatMap((calls) => Object.values(calls));
