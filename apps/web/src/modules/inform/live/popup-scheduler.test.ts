import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PopupScheduler } from './popup-scheduler';

const item = (id: number) => ({ id });

describe('PopupScheduler', () => {
  let shown: { id: number; at: number }[];
  let scheduler: PopupScheduler<{ id: number }>;

  beforeEach(() => {
    vi.useFakeTimers();
    shown = [];
    scheduler = new PopupScheduler((popup) => shown.push({ id: popup.id, at: Date.now() }));
  });

  it('shows the first at once and each next one 400 ms after the one before (§9)', () => {
    const start = Date.now();
    scheduler.enqueue([item(1), item(2), item(3)]);
    expect(shown.map((s) => s.id)).toEqual([1]);
    vi.advanceTimersByTime(399);
    expect(shown.map((s) => s.id)).toEqual([1]);
    vi.advanceTimersByTime(1);
    expect(shown.map((s) => s.id)).toEqual([1, 2]);
    vi.advanceTimersByTime(400);
    expect(shown.map((s) => [s.id, s.at - start])).toEqual([
      [1, 0],
      [2, 400],
      [3, 800],
    ]);
  });

  it('keeps the stagger for one that arrives while others wait, and none for one that arrives later', () => {
    const start = Date.now();
    scheduler.enqueue([item(1), item(2)]);
    vi.advanceTimersByTime(100);
    scheduler.enqueue([item(3)]);
    vi.advanceTimersByTime(2_000);
    scheduler.enqueue([item(4)]);
    expect(shown.map((s) => [s.id, s.at - start])).toEqual([
      [1, 0],
      [2, 400],
      [3, 800],
      [4, 2_100],
    ]);
  });

  it('shows each id once, however often it arrives (a reconnect repeats the unseen ones)', () => {
    scheduler.enqueue([item(1), item(2)]);
    scheduler.enqueue([item(1), item(2)]);
    vi.advanceTimersByTime(5_000);
    expect(shown.map((s) => s.id)).toEqual([1, 2]);
  });

  it('cancel drops one still waiting (withdrawn); dispose drops them all', () => {
    scheduler.enqueue([item(1), item(2), item(3)]);
    expect(scheduler.cancel(2)).toBe(true);
    expect(scheduler.cancel(1)).toBe(false);
    vi.advanceTimersByTime(800);
    scheduler.enqueue([item(4)]);
    scheduler.dispose();
    vi.advanceTimersByTime(5_000);
    expect(shown.map((s) => s.id)).toEqual([1, 3]);
  });
});
