import { useEffect, useState } from 'react';
import { DEBOUNCE_MS } from './constants';

/** The value once it has stayed the same for `delay` ms: what a search box asks the server for while the staff types. */
export function useDebounced<T>(value: T, delay = DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
