import { createElement, useEffect, useState, type ComponentType, type ReactNode } from 'react';

export interface Preloadable {
  /** The component, or `fallback` until its chunk is in. */
  Component: ComponentType<{ fallback: ReactNode }>;
  /** Starts fetching the chunk, once; renders reuse the same load. */
  preload: () => Promise<ComponentType>;
}

/**
 * A component in a chunk of its own, which can be fetched before it first renders (at start-up, beside the calls it
 * will need). Unlike `React.lazy` it does not suspend: it shows the fallback and renders the component, as an ordinary
 * update, once the chunk is in, or at once when it already is. React holds content that a Suspense boundary reveals
 * after showing its fallback for up to 300 ms; at start-up that wait came twice (the shell, then the page) before the
 * page's first call. A chunk that fails to load is thrown from render, for the nearest error boundary.
 */
export function preloadable(load: () => Promise<{ default: ComponentType }>): Preloadable {
  let loaded: ComponentType | undefined;
  let loading: Promise<ComponentType> | undefined;
  const preload = () => (loading ??= load().then((module) => (loaded = module.default)));

  function Preloaded({ fallback }: { fallback: ReactNode }) {
    const [Loaded, setLoaded] = useState(() => loaded);
    const [failure, setFailure] = useState<{ error: unknown } | null>(null);
    useEffect(() => {
      if (Loaded) return;
      let mounted = true;
      preload().then(
        (component) => mounted && setLoaded(() => component),
        (error: unknown) => mounted && setFailure({ error }),
      );
      return () => {
        mounted = false;
      };
    }, [Loaded]);
    if (failure) throw failure.error;
    return Loaded ? createElement(Loaded) : fallback;
  }

  return { Component: Preloaded, preload };
}
