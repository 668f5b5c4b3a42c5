import { z } from 'zod';
import { defineCall, operation } from './call';

export const systemDetails = z.object({
  /** Logo shown in the top bar; empty when the site shows its name instead. */
  pc_logo: z.string(),
  website: z.string(),
});
export type SystemDetails = z.infer<typeof systemDetails>;

export const loginSettings = z.object({
  /** A session ends after this many minutes without a call. */
  idle_minutes: z.coerce.number().int().min(5).max(24 * 60),
  /** A session ends this many hours after sign-in, however active. */
  absolute_hours: z.coerce.number().int().min(1).max(24 * 30),
  /** When on, signing in ends the staff's other sessions (they see 50012). */
  single_session: z.boolean(),
  /** SMS text; `{code}` is replaced by the code. */
  sms_template: z.string().trim().min(1).max(200).regex(/\{code\}/, 'must contain {code}'),
});
export type LoginSettings = z.infer<typeof loginSettings>;

/** Site-wide settings (`/api/set/...`). */
export const settingsCalls = {
  systemDetails: defineCall({
    method: 'GET',
    path: '/api/set/system_details',
    tag: 'settings',
    summary: 'Site logo and website name, shown on the sign-in page and in the page title',
    permission: 'public',
    data: systemDetails,
  }),
  systemEdit: defineCall({
    method: 'POST',
    path: '/api/set/system',
    tag: 'settings',
    summary: 'Change the site logo and website name',
    permission: operation('settings.system.edit'),
    body: z.object({
      pc_logo: z.string().trim().max(500).default(''),
      website: z.string().trim().min(1).max(60),
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
