import { CellTag } from '../../../components/table-cells';
import { useMessages } from '../../../lib/i18n';
import { userMessages } from '../messages';

/**
 * A submission's state. Submissions start under review (1), so 0 on a submission means it was rejected: it reads
 * 已驳回 here, while a user's own state 0 reads 未认证.
 */
export function SubmissionStateTag({ state }: { state: number }) {
  const t = useMessages(userMessages);
  if (state === 2) return <CellTag tone="success">{t.stateOfSubmission2}</CellTag>;
  if (state === 1) return <CellTag tone="processing">{t.stateOfSubmission1}</CellTag>;
  return <CellTag tone="error">{t.stateOfSubmission0}</CellTag>;
}
