import { userCalls, type VerificationRow } from '@juqi/contract';
import { Segmented } from 'antd';
import { DayRangeFilter } from '../../../components/records/day-range-filter';
import { RecordsPage } from '../../../components/records/records-page';
import { CellAvatar, CellLink } from '../../../components/table-cells';
import { useDateTime } from '../../../lib/date-time';
import { format, useMessages } from '../../../lib/i18n';
import { useCan } from '../../../lib/shell-session';
import type { UrlValues } from '../../../lib/url-state';
import { userKeys } from '../api/keys';
import { useCodes } from '../components/codes';
import { MobileSearchBox } from '../components/search-box';
import { VerificationDrawer } from '../components/verification-drawer';
import { SubmissionStateTag } from '../components/verification-state-tag';
import { userMessages } from '../messages';
import { VERIFICATION_URL } from '../verification-url';

const ALL = 'all';

/**
 * /user/authentication: verification submissions by state and type, newest first (a keyset record list); open one to
 * see its documents and decide. The open one is in the URL (`id`), so a link opens it.
 */
export function VerificationPage() {
  const t = useMessages(userMessages);
  const dateTime = useDateTime();
  const codes = useCodes();
  const can = useCan();
  const mayView = can('user.verification.view');
  const mayDecide = can('user.verification.audit');
  return (
    <RecordsPage
      title={t.verificationsTitle}
      url={VERIFICATION_URL}
      openKey="id"
      list={userCalls.authenticationLists}
      paging="keyset"
      queryKey={userKeys.verificationLists}
      totals={(data) => format(t.verificationCount, { count: data.count })}
      Filters={VerificationFilters}
      rowKey="id"
      columns={(open) => [
        { key: 'submitted_at', title: t.submittedAt, width: 150, render: (_, v: VerificationRow) => dateTime(v.submitted_at) },
        {
          key: 'user',
          title: t.colUser,
          width: 190,
          render: (_, v: VerificationRow) => (
            <span className="user-cell">
              <CellAvatar name={v.user_name} src={v.head_img_url} />
              <span>
                <span className="user-cell__name">{v.user_name}</span>
                <span className="cell-muted user-cell__sub">{v.user_mobile}</span>
              </span>
            </span>
          ),
        },
        { key: 'type', title: t.typeFilter, width: 100, render: (_, v: VerificationRow) => codes.label('verification_type', v.type) },
        { key: 'subject', title: t.subjectName, width: 220, ellipsis: true, dataIndex: 'subject_name' },
        { key: 'number', title: t.idNumber, width: 200, render: (_, v: VerificationRow) => (v.type === 1 ? v.id_number : v.credit_code) },
        { key: 'state', title: t.stateFilter, width: 90, render: (_, v: VerificationRow) => <SubmissionStateTag state={v.state} /> },
        { key: 'reviewer', title: t.reviewer, width: 100, render: (_, v: VerificationRow) => (v.reviewed_at ? v.reviewer_name || t.system : '') },
        { key: 'reviewed_at', title: t.reviewedAt, width: 150, render: (_, v: VerificationRow) => dateTime(v.reviewed_at) },
        { key: 'reason', title: t.rejectReason, width: 200, ellipsis: true, dataIndex: 'reason' },
        ...(mayView
          ? [
              {
                key: 'actions',
                title: t.actions,
                width: 90,
                fixed: 'right' as const,
                render: (_: unknown, v: VerificationRow) => <CellLink onClick={() => open(String(v.id))}>{v.state === 1 && mayDecide ? t.review : t.view}</CellLink>,
              },
            ]
          : []),
      ]}
      Details={SubmissionDetails}
    />
  );
}

/** A submission's documents and decision, opened by its id. */
function SubmissionDetails({ recordKey, onClose }: { recordKey: string; onClose: () => void }) {
  return <VerificationDrawer id={Number(recordKey)} onClose={onClose} />;
}

/** The list's filters: state and type, a user's mobile, the days submitted. */
function VerificationFilters({ filter, change }: { filter: UrlValues<typeof VERIFICATION_URL>; change: (patch: UrlValues<typeof VERIFICATION_URL>) => void }) {
  const t = useMessages(userMessages);
  const codes = useCodes();
  return (
    <>
      <Segmented<number | typeof ALL>
        aria-label={t.stateFilter}
        value={filter.state ?? ALL}
        options={[
          { value: ALL, label: t.all },
          { value: 1, label: t.stateOfSubmission1 },
          { value: 2, label: t.stateOfSubmission2 },
          { value: 0, label: t.stateOfSubmission0 },
        ]}
        onChange={(state) => change({ state: state === ALL ? undefined : state })}
      />
      <Segmented<number | typeof ALL>
        aria-label={t.typeFilter}
        value={filter.type ?? ALL}
        options={[{ value: ALL, label: t.all }, ...codes.options('verification_type')]}
        onChange={(type) => change({ type: type === ALL ? undefined : type })}
      />
      <MobileSearchBox label={t.mobile} invalidText={t.mobileInvalid} value={filter.mobile} onChange={(mobile) => change({ mobile })} />
      <DayRangeFilter className="user-filter__range" label={t.submittedDays} value={filter.time_quantum} onChange={(time_quantum) => change({ time_quantum })} />
    </>
  );
}
