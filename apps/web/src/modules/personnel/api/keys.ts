import { authCalls, departmentCalls, personnelCalls } from '@juqi/contract';

/**
 * What a write to a staff record (an import too) refreshes: every answer the staff screens and 人力看板 show of the
 * records (the lists, the letter index, details, history, the aggregates, the accounts a record may link) and the
 * companies and form fields read beside them.
 */
export const STAFF_READS = [
  personnelCalls.findPage,
  personnelCalls.letterIndex,
  personnelCalls.details,
  personnelCalls.history,
  personnelCalls.dashboard,
  authCalls.staffList,
  personnelCalls.companies,
  personnelCalls.formFields,
];

/** A change of the department tree changes its pickers and the staff records' department names too. */
export const DEPARTMENT_READS = [departmentCalls.tree, departmentCalls.details, ...STAFF_READS];
