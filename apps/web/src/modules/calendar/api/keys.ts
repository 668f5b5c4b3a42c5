import { specialDay } from '@juqi/contract';
import { resourceKeys } from '../../../lib/resource';

const statuses = [...resourceKeys(specialDay).all, 'status'] as const;

/**
 * Query keys of the month view. The day status sits under the special days' resource keys, so marking a day (the
 * resource's writes refresh everything under them) refreshes the month too; a work-time change refreshes every
 * month's status.
 */
export const calendarKeys = {
  statuses,
  dayStatus: (from: string, to: string) => [...statuses, from, to] as const,
};
