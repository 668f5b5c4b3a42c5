import type { Executor } from '../../lib/db/client';

/**
 * What the relevance module offers the rest of the server (docs/relevance.md): the region (大区) a city belongs to, for
 * staff and agency areas, targets and task cities. Other modules reach it as `lazyService(app.access, 'regions',
 * 'relevance')` and import nothing of this module. Pass the caller's transaction when one is open: on PGlite's one
 * connection a query outside it would wait for it forever.
 */
export interface CityRegions {
  /** The region holding the city of this 6-digit division code; null when none does (or no such city). */
  regionOfCity(code: string, tx?: Executor): Promise<{ id: number; name: string } | null>;
}

declare module '../../lib/http/types' {
  interface AccessServices {
    /** Cities' regions, provided by the relevance module. */
    regions?: CityRegions;
  }
}
