import type { Clock } from '../../src/lib/clock';

/** Real time plus an offset that tests move forward with `advance`, so "two hours later" takes no time. */
export class TestClock implements Clock {
  private offset = 0;

  now(): Date {
    return new Date(Date.now() + this.offset);
  }

  advance(ms: number): void {
    this.offset += ms;
  }
}
