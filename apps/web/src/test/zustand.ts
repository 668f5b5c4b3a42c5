import { act } from '@testing-library/react';
import { vi } from 'vitest';
import type * as Zustand from 'zustand';

const zustand = await vi.importActual<typeof Zustand>('zustand');

const resets = new Set<() => void>();

function createAndRemember<T>(initializer: Zustand.StateCreator<T>): Zustand.UseBoundStore<Zustand.StoreApi<T>> {
  const store = zustand.create(initializer);
  const initial = store.getInitialState();
  resets.add(() => store.setState(initial, true));
  return store;
}

/**
 * zustand as the app's modules see it under test (`setup.ts` mocks it with this, as zustand's testing guide does):
 * `create` also remembers each store's first state, which `resetStores` puts back. Every store, wherever it lives.
 */
export const zustandThatRemembers: typeof Zustand = {
  ...zustand,
  create: (<T>(initializer?: Zustand.StateCreator<T>) => (initializer ? createAndRemember(initializer) : createAndRemember)) as typeof zustand.create,
};

/** Puts every store the app has created back to its first state. */
export function resetStores(): void {
  act(() => resets.forEach((reset) => reset()));
}
