import { DEFAULT_WINDOW, dayInZone, instantInZone, windowHoldsWeekday, type SMART_UNPLACED_REASONS } from '@juqi/contract';

/**
 * 智能发布's planner (docs/publishing.md › Publishing), a pure function so the server, its tests and bench/smart-plan.mjs
 * run the same code: materials spread over accounts, each material once, at the earliest free minute of any account —
 * inside the account's posting windows on the platform's calendar, within its daily quota (what it holds already
 * counted), at least its least gap from its other posts, and never on an account holding its material, title or body.
 * `checkPlan` says whether a plan keeps those rules: what the server asks of a confirmed plan, and the bench of its own.
 */

const MINUTE_MS = 60_000;

export interface PlanWindow {
  /** A WINDOW_DAYS value. */
  days: number;
  /** `HH:mm` on the platform's clock; `end` may be `24:00` and is not included. */
  start: string;
  end: string;
}

export interface PlanAccount {
  id: number;
  dailyQuota: number;
  /** Minutes between two of its posts. */
  minGap: number;
  /** None: DEFAULT_WINDOW. */
  windows: readonly PlanWindow[];
  /** When each publication it holds is (to be) sent, ms — not cancelled or failed: they count to quota and gap. */
  held: readonly number[];
  /** What it holds (`textKeys`), so none is repeated on it. */
  texts: ReadonlySet<string>;
}

export interface PlanMaterial {
  id: number;
  titleHash: string;
  bodyHash: string;
}

export interface PlanInput {
  /** The first instant a post may take (rounded up to a whole minute). */
  from: number;
  /** Calendar days planned, the day of `from` the first. */
  days: number;
  zone: string;
  accounts: readonly PlanAccount[];
  materials: readonly PlanMaterial[];
}

export interface PlanEntry {
  materialId: number;
  accountId: number;
  at: number;
}

export interface Plan {
  entries: PlanEntry[];
  unplaced: { materialId: number; reason: (typeof SMART_UNPLACED_REASONS)[number] }[];
  from: number;
  /** The end of the last day planned (not included). */
  until: number;
}

/** The keys an account's `texts` hold for a material: its id, its title's and its body's fingerprints. */
export const textKeys = (material: PlanMaterial): [string, string, string] => [`m:${material.id}`, `t:${material.titleHash}`, `b:${material.bodyHash}`];

const ceilMinute = (ms: number) => Math.ceil(ms / MINUTE_MS) * MINUTE_MS;

/** `YYYY-MM-DD` `n` days after `day`. */
function addDays(day: string, n: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}

/** 1 Monday … 7 Sunday. */
const weekdayOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay() || 7;

/**
 * The platform's calendar over the planned days: each day's first instant, its weekday, and the instants of its
 * windows' edges (the same clock times recur for every account: computed once each).
 */
class Calendar {
  readonly keys: string[] = [];
  /** `days + 1` instants: each day's start, then the end of the last. */
  readonly starts: number[] = [];
  readonly weekdays: number[] = [];
  private readonly instants = new Map<string, number>();

  constructor(
    first: string,
    days: number,
    private readonly zone: string,
  ) {
    for (let i = 0; i <= days; i++) {
      const key = addDays(first, i);
      this.keys.push(key);
      this.starts.push(instantInZone(key, zone).getTime());
      this.weekdays.push(weekdayOf(key));
    }
    this.keys.pop();
    this.weekdays.pop();
  }

  get until(): number {
    return this.starts[this.starts.length - 1]!;
  }

  /** The day holding `at`, or -1 outside the span. */
  dayOf(at: number): number {
    if (at < this.starts[0]! || at >= this.until) return -1;
    let low = 0;
    let high = this.keys.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.starts[mid]! <= at) low = mid;
      else high = mid - 1;
    }
    return low;
  }

  /** The windows of day `d` as `[start, end)` instants, in order, overlapping ones merged. */
  intervals(windows: readonly PlanWindow[], d: number): [number, number][] {
    const spans = windows
      .filter((window) => windowHoldsWeekday(window.days, this.weekdays[d]!))
      .map((window): [number, number] => [this.at(d, window.start), window.end === '24:00' ? this.starts[d + 1]! : this.at(d, window.end)])
      .filter(([start, end]) => start < end)
      .sort((a, b) => a[0] - b[0]);
    const merged: [number, number][] = [];
    for (const span of spans) {
      const last = merged[merged.length - 1];
      if (last && span[0] <= last[1]) last[1] = Math.max(last[1], span[1]);
      else merged.push([...span]);
    }
    return merged;
  }

  private at(d: number, time: string): number {
    const key = `${this.keys[d]} ${time}`;
    let instant = this.instants.get(key);
    if (instant === undefined) this.instants.set(key, (instant = instantInZone(key, this.zone).getTime()));
    return instant;
  }
}

/** First index in sorted `values` whose value is > `bound`. */
function firstAbove(values: readonly number[], bound: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (values[mid]! > bound) high = mid;
    else low = mid + 1;
  }
  return low;
}

/** One account's free minutes: a cursor that only moves forward, and its posts per day. */
class AccountSlots {
  private cursor: number;
  private readonly counts: Int32Array;
  private readonly gapMs: number;
  private readonly held: number[];
  private readonly windows: readonly PlanWindow[];
  private readonly intervalsByDay = new Map<number, [number, number][]>();
  readonly texts: Set<string>;

  constructor(
    readonly account: PlanAccount,
    private readonly calendar: Calendar,
    from: number,
  ) {
    this.cursor = from;
    this.gapMs = account.minGap * MINUTE_MS;
    this.held = [...account.held].sort((a, b) => a - b);
    this.windows = account.windows.length ? account.windows : [DEFAULT_WINDOW];
    this.counts = new Int32Array(calendar.keys.length);
    for (const at of this.held) {
      const d = calendar.dayOf(at);
      if (d >= 0) this.counts[d]! += 1;
    }
    this.texts = new Set(account.texts);
  }

  /** The earliest minute at or after the cursor that keeps every rule; null when the span has none. */
  next(): number | null {
    let at = this.cursor;
    for (;;) {
      const d = this.calendar.dayOf(at);
      if (d < 0) return null;
      const dayEnd = this.calendar.starts[d + 1]!;
      if (this.counts[d]! >= this.account.dailyQuota) {
        at = dayEnd;
        continue;
      }
      const span = this.intervalsOf(d).find(([, end]) => end > at);
      if (!span) {
        at = dayEnd;
        continue;
      }
      at = ceilMinute(Math.max(at, span[0]));
      if (at >= span[1]) continue;
      const clash = this.heldNear(at);
      if (clash !== null) {
        at = ceilMinute(clash + this.gapMs);
        continue;
      }
      return at;
    }
  }

  /** Takes the minute `at` (what `next` answered) for `material`. */
  take(at: number, material: PlanMaterial): void {
    this.counts[this.calendar.dayOf(at)]! += 1;
    this.cursor = at + Math.max(this.gapMs, MINUTE_MS);
    for (const key of textKeys(material)) this.texts.add(key);
  }

  holds(material: PlanMaterial): boolean {
    return textKeys(material).some((key) => this.texts.has(key));
  }

  private intervalsOf(d: number): [number, number][] {
    let spans = this.intervalsByDay.get(d);
    if (!spans) this.intervalsByDay.set(d, (spans = this.calendar.intervals(this.windows, d)));
    return spans;
  }

  /** The latest post it holds nearer to `at` than its gap, if any. */
  private heldNear(at: number): number | null {
    if (this.gapMs === 0 || this.held.length === 0) return null;
    const after = firstAbove(this.held, at + this.gapMs - 1) - 1;
    return after >= 0 && this.held[after]! > at - this.gapMs ? this.held[after]! : null;
  }
}

/** A binary heap of accounts by their next free minute, then by id: the earliest first. */
class SlotHeap {
  private readonly items: { at: number; slots: AccountSlots }[] = [];

  get size(): number {
    return this.items.length;
  }

  push(item: { at: number; slots: AccountSlots }): void {
    const items = this.items;
    items.push(item);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(items[i]!, items[parent]!)) break;
      [items[i], items[parent]] = [items[parent]!, items[i]!];
      i = parent;
    }
  }

  pop(): { at: number; slots: AccountSlots } | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length && last) {
      items[0] = last;
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        const right = left + 1;
        let least = i;
        if (left < items.length && before(items[left]!, items[least]!)) least = left;
        if (right < items.length && before(items[right]!, items[least]!)) least = right;
        if (least === i) break;
        [items[i], items[least]] = [items[least]!, items[i]!];
        i = least;
      }
    }
    return top;
  }
}

const before = (a: { at: number; slots: AccountSlots }, b: { at: number; slots: AccountSlots }) => a.at < b.at || (a.at === b.at && a.slots.account.id < b.slots.account.id);

/** The calendar of a plan's span: its first day the platform's day holding `from`. */
const calendarOf = (input: Pick<PlanInput, 'from' | 'days' | 'zone'>) => new Calendar(dayInZone(input.zone, input.from), input.days, input.zone);

/**
 * Plans the materials in their order: each goes to the account whose next free minute is earliest (ties to the lower
 * id) among those not holding it; a material no account may take is unplaced, `repeated` when accounts had room but
 * held it, `no_slot` when none had room.
 */
export function planSmartPublish(input: PlanInput): Plan {
  const from = ceilMinute(input.from);
  const calendar = calendarOf(input);
  const heap = new SlotHeap();
  for (const account of input.accounts) {
    const slots = new AccountSlots(account, calendar, from);
    const at = slots.next();
    if (at !== null) heap.push({ at, slots });
  }
  const plan: Plan = { entries: [], unplaced: [], from, until: calendar.until };
  const seen = new Set<number>();
  for (const material of input.materials) {
    if (seen.has(material.id)) continue;
    seen.add(material.id);
    const aside: { at: number; slots: AccountSlots }[] = [];
    let chosen: { at: number; slots: AccountSlots } | undefined;
    while (heap.size) {
      const top = heap.pop()!;
      if (!top.slots.holds(material)) {
        chosen = top;
        break;
      }
      aside.push(top);
    }
    if (chosen) {
      plan.entries.push({ materialId: material.id, accountId: chosen.slots.account.id, at: chosen.at });
      chosen.slots.take(chosen.at, material);
      const next = chosen.slots.next();
      if (next !== null) heap.push({ at: next, slots: chosen.slots });
    } else plan.unplaced.push({ materialId: material.id, reason: aside.length ? 'repeated' : 'no_slot' });
    for (const item of aside) heap.push(item);
  }
  return plan;
}

/** A rule a plan's entry breaks. */
export type PlanViolation =
  | { rule: 'span' | 'window' | 'quota' | 'gap' | 'repeated' | 'twice' | 'account' | 'material'; entry: PlanEntry };

/**
 * The rules `planSmartPublish` keeps, checked on any plan (a confirmed one may have aged while the staff read it):
 * each entry inside the span and its account's windows, each day within quota and each post its gap from the others
 * (what the account held counted), no material twice, no text an account holds. The violations found, none when kept.
 */
export function checkPlan(entries: readonly PlanEntry[], input: PlanInput): PlanViolation[] {
  const calendar = calendarOf(input);
  const accounts = new Map(input.accounts.map((account) => [account.id, account]));
  const materials = new Map(input.materials.map((material) => [material.id, material]));
  const violations: PlanViolation[] = [];
  const placed = new Set<number>();
  const byAccount = new Map<number, PlanEntry[]>();
  for (const entry of entries) {
    const account = accounts.get(entry.accountId);
    const material = materials.get(entry.materialId);
    if (!account) violations.push({ rule: 'account', entry });
    else if (!material) violations.push({ rule: 'material', entry });
    else if (placed.has(entry.materialId)) violations.push({ rule: 'twice', entry });
    else {
      placed.add(entry.materialId);
      const planned = byAccount.get(account.id);
      if (planned) planned.push(entry);
      else byAccount.set(account.id, [entry]);
    }
  }
  for (const [accountId, planned] of byAccount) {
    const account = accounts.get(accountId)!;
    const windows = account.windows.length ? account.windows : [DEFAULT_WINDOW];
    const texts = new Set(account.texts);
    const counts = new Map<number, number>();
    for (const at of account.held) {
      const d = calendar.dayOf(at);
      if (d >= 0) counts.set(d, (counts.get(d) ?? 0) + 1);
    }
    const times = [...account.held.map((at) => ({ at, entry: null as PlanEntry | null })), ...planned.map((entry) => ({ at: entry.at, entry }))].sort((a, b) => a.at - b.at);
    for (const entry of planned) {
      const d = calendar.dayOf(entry.at);
      const keys = textKeys(materials.get(entry.materialId)!);
      if (d < 0 || entry.at < input.from) violations.push({ rule: 'span', entry });
      else if (!calendar.intervals(windows, d).some(([start, end]) => entry.at >= start && entry.at < end)) violations.push({ rule: 'window', entry });
      else if ((counts.get(d) ?? 0) >= account.dailyQuota) violations.push({ rule: 'quota', entry });
      else if (keys.some((key) => texts.has(key))) violations.push({ rule: 'repeated', entry });
      if (d >= 0) counts.set(d, (counts.get(d) ?? 0) + 1);
      for (const key of keys) texts.add(key);
    }
    const gapMs = account.minGap * MINUTE_MS;
    for (let i = 1; i < times.length; i++) {
      const [earlier, later] = [times[i - 1]!, times[i]!];
      const tooNear = later.at - earlier.at < gapMs || (gapMs === 0 && earlier.entry && later.entry && later.at === earlier.at);
      if (tooNear && (later.entry ?? earlier.entry)) violations.push({ rule: 'gap', entry: (later.entry ?? earlier.entry)! });
    }
  }
  return violations;
}
