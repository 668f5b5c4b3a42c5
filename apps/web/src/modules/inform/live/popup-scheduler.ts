import { POPUP_STAGGER_MS } from '@juqi/contract';

/**
 * Shows pop-ups one after another, 400 ms apart (§9), however many arrive at once. Each id is shown at most once per
 * page; `cancel` drops one still waiting (a withdrawn announcement).
 */
export class PopupScheduler<T extends { id: number }> {
  private lastAt = -Infinity;
  private readonly known = new Set<number>();
  private readonly waiting = new Map<number, number>();

  constructor(private readonly show: (item: T) => void) {}

  enqueue(items: readonly T[]): void {
    for (const item of items) {
      if (this.known.has(item.id)) continue;
      this.known.add(item.id);
      const now = Date.now();
      const at = Math.max(now, this.lastAt + POPUP_STAGGER_MS);
      this.lastAt = at;
      const run = () => {
        this.waiting.delete(item.id);
        this.show(item);
      };
      if (at <= now) run();
      else this.waiting.set(item.id, window.setTimeout(run, at - now));
    }
  }

  /** Drops a pop-up that has not appeared yet; answers whether it was waiting. */
  cancel(id: number): boolean {
    const handle = this.waiting.get(id);
    if (handle === undefined) return false;
    window.clearTimeout(handle);
    this.waiting.delete(id);
    return true;
  }

  dispose(): void {
    for (const handle of this.waiting.values()) window.clearTimeout(handle);
    this.waiting.clear();
  }
}
