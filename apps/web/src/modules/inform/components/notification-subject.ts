import type { NotificationSubject } from '@juqi/contract';
import { useNavigate } from 'react-router';
import { closeTopBarPanel } from '../../../lib/top-bar-panel';
import { approvalQueryKeys, openApprovalRequest } from '../../approval';
import { financeSubjectLink, financeSubjectQueries } from '../../finance';
import { materialQueries, materialReviewLink } from '../../publishing';
import { verificationLink } from '../../user';

/**
 * Opens what a notification (or a to-do) is about: an approval request in the top bar's 待办审批 drawer; a verification
 * submission on 认证审核, a material in review on 素材审核, a finance record waiting for a second person on its record
 * screen (the top bar's drawer closes for the page).
 */
export function useOpenSubject(): (subject: NotificationSubject) => void {
  const navigate = useNavigate();
  return (subject) => {
    switch (subject.kind) {
      case 'approval_request':
        openApprovalRequest(subject.id);
        return;
      case 'user_verification':
        closeTopBarPanel();
        void navigate(verificationLink(subject.id));
        return;
      case 'publishing_material':
        closeTopBarPanel();
        void navigate(materialReviewLink());
        return;
      default:
        closeTopBarPanel();
        void navigate(financeSubjectLink(subject));
    }
  };
}

/**
 * The queries showing what a subject names, read again when a notification about it arrives or the stream says it
 * changed: an approval request's lists and details; a finance record's list, details and balances, and the to-dos it
 * waits in.
 */
export function subjectQueries(subject: NotificationSubject): (readonly unknown[])[] {
  switch (subject.kind) {
    case 'approval_request':
      return [approvalQueryKeys.all];
    case 'user_verification':
      return [];
    case 'publishing_material':
      return [...materialQueries(), approvalQueryKeys.todos];
    default:
      return [...financeSubjectQueries(subject), approvalQueryKeys.todos];
  }
}
