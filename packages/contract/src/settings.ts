import { z } from 'zod';
import { defineCall, operation, wholeNumber } from './call';
import { said } from './refusals';
import { canonicalTimeZone, isTimeZone } from './time-zone';
import { defineContractModule } from './contract-module';
import { firstLoadCalls } from './first-load';

/** A time zone field: a name `Intl.DateTimeFormat` accepts, stored as `Intl` spells it. */
export const timeZoneField = z
  .string()
  .trim()
  .max(64)
  .refine(isTimeZone, said({ 'zh-CN': '不是有效的时区，请填写 IANA 名称，如 Asia/Shanghai 或 Europe/Berlin', 'en-US': 'not a time zone: give an IANA name such as Asia/Shanghai or Europe/Berlin' }))
  .transform(canonicalTimeZone);

export const systemDetails = z.object({
  /** Logo shown in the top bar; empty when the site shows its name instead. */
  pc_logo: z.string(),
  website: z.string(),
  /** The platform's time zone (IANA name): screens, exported files and day filters read times in it (docs/time.md). */
  time_zone: z.string(),
});
export type SystemDetails = z.infer<typeof systemDetails>;

export const loginSettings = z.object({
  /** A session ends after this many minutes without a call. */
  idle_minutes: wholeNumber(5, 24 * 60),
  /** A session ends this many hours after sign-in, however active. */
  absolute_hours: wholeNumber(1, 24 * 30),
  /** When on, signing in ends the staff's other sessions (they see 50012). */
  single_session: z.boolean(),
  /** SMS text; `{code}` is replaced by the code. */
  sms_template: z.string().trim().min(1).max(200).regex(/\{code\}/, said({ 'zh-CN': '须包含 {code}', 'en-US': 'must contain {code}' })),
});
export type LoginSettings = z.infer<typeof loginSettings>;

/** Site-wide settings (`/api/set/...`). */
export const settingsCalls = {
  systemDetails: defineCall({
    ...firstLoadCalls.systemDetails,
    tag: 'settings',
    summary: 'Site logo, website name (shown on the sign-in page and in the page title) and the platform’s time zone',
    permission: 'public',
    data: systemDetails,
  }),
  systemEdit: defineCall({
    method: 'POST',
    path: '/api/set/system',
    tag: 'settings',
    summary: 'Change the site logo, website name and time zone',
    permission: operation('settings.system.edit'),
    body: z.object({
      pc_logo: z.string().trim().max(500).default(''),
      website: z.string().trim().min(1).max(60),
      /** Left as it is when absent, so a client that does not know the field cannot reset it. */
      time_zone: timeZoneField.optional(),
    }),
    data: systemDetails,
  }),
  loginDetails: defineCall({
    method: 'GET',
    path: '/api/set/login_details',
    tag: 'settings',
    summary: 'Session lifetimes, single-session rule and the SMS template',
    permission: operation('settings.login.view'),
    data: loginSettings,
  }),
  loginEdit: defineCall({
    method: 'POST',
    path: '/api/set/login',
    tag: 'settings',
    summary: 'Change the login settings',
    permission: operation('settings.login.edit'),
    body: loginSettings,
    data: loginSettings,
  }),
};

/** The settings module's share of the contract (`contractModules`). */
export const settingsContract = defineContractModule({ name: 'settings', calls: settingsCalls });
