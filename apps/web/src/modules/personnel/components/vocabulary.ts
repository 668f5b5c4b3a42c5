import { codeName, STAFF_GENDER_NAMES, STAFF_STATUS_NAMES, STAFF_STATUSES, STAFF_TRANSITIONS, type StaffStatus } from '@juqi/contract';
import type { CellTone } from '../../../components/table-cells';
import type { Language } from '../../../lib/preferences';

/** A state's colour in the list and the details. */
export const STATUS_TONES: Record<StaffStatus, CellTone> = {
  candidate: 'default',
  probation: 'processing',
  regular: 'success',
  resigning: 'warning',
  resigned: 'error',
};

/** A state's and a gender's names are the contract's (the export writes the same). */
export const statusName = (status: StaffStatus, language: Language) => codeName(STAFF_STATUS_NAMES, status, language);
export const genderName = (gender: string, language: Language) => codeName(STAFF_GENDER_NAMES, gender, language);

export const statusOptions = (language: Language) => STAFF_STATUSES.map((status) => ({ value: status, label: statusName(status, language) }));

/**
 * The states every one of `statuses` may move to (STAFF_TRANSITIONS), in the contract's order: a bulk change is all or
 * nothing on the server, so only a move all of them may make is offered.
 */
export const sharedTargets = (statuses: readonly StaffStatus[]): StaffStatus[] =>
  statuses.length === 0 ? [] : STAFF_STATUSES.filter((target) => statuses.every((status) => STAFF_TRANSITIONS[status].includes(target)));
