import { z } from 'zod';
import { defineCall, operation } from './call';

export const systemDetails = z.object({
  /** Logo shown in the top bar; empty when the site shows its name instead. */
  pc_logo: z.string(),
  website: z.string(),
});
export type SystemDetails = z.infer<typeof systemDetails>;

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
};
