import { useEffect, useState } from 'react';

/** Whole seconds left until zero, ticking once a second; `start(n)` begins again from n. */
export function useCountdown(): [number, (seconds: number) => void] {
  const [endsAt, setEndsAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (endsAt <= now) return;
    // Wake at the next whole-second boundary, so the number changes on time even when timers run late.
    const timer = setTimeout(() => setNow(Date.now()), (endsAt - now) % 1000 || 1000);
    return () => clearTimeout(timer);
  }, [endsAt, now]);
  const start = (seconds: number) => {
    const at = Date.now();
    setNow(at);
    setEndsAt(at + seconds * 1000);
  };
  return [Math.max(0, Math.ceil((endsAt - now) / 1000)), start];
}
