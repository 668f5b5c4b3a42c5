import type { Texts } from './resource';

/**
 * Declares the kinds of approval request a module files about its own records, each with its name as lists and notices
 * say it. The module's contract file holds its kinds; `approval.ts` gathers every module's into the one list the
 * approval calls take (docs/approvals.md › Kinds), and the module's server registers a handler for each.
 */
export function defineApprovalKinds<const Kind extends string>(kinds: Record<Kind, Texts>): Record<Kind, Texts> {
  return kinds;
}

/** The keys of a module's kinds, in declaration order, as a tuple `z.enum` takes. */
export function approvalKindKeys<Kind extends string>(kinds: Record<Kind, Texts>): [Kind, ...Kind[]] {
  const keys = Object.keys(kinds) as Kind[];
  if (keys.length === 0) throw new Error('a module declaring approval kinds declares at least one');
  return keys as [Kind, ...Kind[]];
}

/** The keys of any of the modules' records (`keyof` a union would keep only the keys they share). */
type KindOf<Kinds> = Kinds extends unknown ? keyof Kinds & string : never;

/** Every module's kinds in one record; a key two modules declare is refused (the second would silently win). */
export function gatherApprovalKinds<Modules extends Record<string, Texts>[]>(...modules: Modules): Record<KindOf<Modules[number]>, Texts> {
  type Kind = KindOf<Modules[number]>;
  const gathered = {} as Record<Kind, Texts>;
  for (const kinds of modules)
    for (const [kind, name] of Object.entries(kinds) as [Kind, Texts][]) {
      if (kind in gathered) throw new Error(`approval kind ${kind} is declared twice`);
      gathered[kind] = name;
    }
  return gathered;
}

/** Where a request stands: waiting, or finished one of three ways. */
export const APPROVAL_STATES = ['pending', 'approved', 'rejected', 'withdrawn'] as const;
export type ApprovalState = (typeof APPROVAL_STATES)[number];
/** Each state as lists name it, for the modules showing their own requests (业务申请) beside the approval module's. */
export const APPROVAL_STATE_NAMES = [
  { value: 'pending', name: { 'zh-CN': '审批中', 'en-US': 'Pending' } },
  { value: 'approved', name: { 'zh-CN': '已通过', 'en-US': 'Approved' } },
  { value: 'rejected', name: { 'zh-CN': '已驳回', 'en-US': 'Rejected' } },
  { value: 'withdrawn', name: { 'zh-CN': '已撤回', 'en-US': 'Withdrawn' } },
] as const satisfies readonly { value: ApprovalState; name: Texts }[];
