import type { ApprovalStepView } from '@juqi/contract';
import { format, useMessages } from '../../../lib/i18n';
import { approvalMessages, approverLabels } from '../messages';

/** One step in words: 角色：财务 / 部门负责人 / 指定员工：王晓. */
export function useStepText(): (step: ApprovalStepView) => string {
  const approvers = useMessages(approverLabels);
  const t = useMessages(approvalMessages);
  return (step) =>
    step.approver === 'department_head' ? approvers.department_head : format(t.stepNamed, { type: approvers[step.approver], name: step.name ?? `#${step.role_id ?? step.account_id}${t.missing}` });
}
