import { agencyListCalls } from '@juqi/contract';
import { useCallQuery } from '../../lib/call-hooks';

/** The filters' options seldom change: asked once a minute at most. */
const OPTIONS_STALE_MS = 60_000;

/** 全部代理's options: every level and region, the cities and posts agencies hold (the filters and the level dialog). */
export const useAgencyOptions = () => useCallQuery(agencyListCalls.agencyOptions, undefined, { staleTime: OPTIONS_STALE_MS });
