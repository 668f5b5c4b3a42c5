import { webModules } from '../../modules';
import type { ComponentType } from 'react';
import type { TopBarPanel, UserMenuEntry, WebModule } from '../../lib/web-module';

/** What the modules add to the shell's frame, gathered once from the module list, in their declared order. */
export interface ShellSlots {
  topBarPanels: TopBarPanel[];
  shellParts: { key: string; Part: ComponentType }[];
  userMenu: UserMenuEntry[];
  signOutSteps: NonNullable<WebModule['onSignOut']>[];
}

const byOrder = (a: { order: number }, b: { order: number }) => a.order - b.order;

export function collectSlots(modules: WebModule[]): ShellSlots {
  return {
    topBarPanels: modules.flatMap((m) => m.topBarPanels ?? []).sort(byOrder),
    shellParts: modules.flatMap((m) => (m.shellParts ?? []).map((Part, i) => ({ key: `${m.name}:${i}`, Part }))),
    userMenu: modules.flatMap((m) => m.userMenu ?? []).sort(byOrder),
    signOutSteps: modules.flatMap((m) => (m.onSignOut ? [m.onSignOut] : [])),
  };
}

export const shellSlots: ShellSlots = collectSlots(webModules);
