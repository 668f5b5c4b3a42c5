import { lazy, type ComponentType } from 'react';
import { webModules } from '../../modules';

interface RegisteredPage {
  Component: ComponentType;
  noCache: boolean;
  queryIsState: boolean;
}

// One lazy component per menu path; each module's `load` imports its pages barrel, so a module is one chunk, fetched
// the first time one of its pages opens.
const pages = new Map<string, RegisteredPage>(
  webModules.flatMap((module) =>
    Object.entries(module.pages).map(([path, page]) => [
        path,
        { Component: lazy(page.load), noCache: Boolean(page.noCache), queryIsState: Boolean(page.queryIsState) },
      ] as const),
  ),
);

/** The page a module offers for a menu path, if any. */
export const pageFor = (path: string): RegisteredPage | undefined => pages.get(path);
