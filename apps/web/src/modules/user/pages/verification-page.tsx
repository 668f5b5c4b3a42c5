import type { VerificationRow } from '@juqi/contract';
import { Card, Flex, Segmented, Typography } from 'antd';
import { FilterBar } from '../../../components/filter-bar';
import { InfiniteTable } from '../../../components/infinite-table';
import { QueryFailure } from '../../../components/query-failure';
import { CellAvatar, CellLink } from '../../../components/table-cells';
import { useDateTime } from '../../../lib/date-time';
import { format, useMessages } from '../../../lib/i18n';
import { clearedUrlState, useUrlState } from '../../../lib/url-state';
import { useCan } from '../../../lib/shell-session';
import { useVerifications } from '../api/get-verifications';
import { useCodes } from '../components/codes';
import { DayRangePicker } from '../components/day-range-picker';
import { MobileSearchBox } from '../components/search-box';
import { VerificationDrawer } from '../components/verification-drawer';
import { SubmissionStateTag } from '../components/verification-state-tag';
import { userMessages } from '../messages';
import { VERIFICATION_URL } from '../verification-url';

const ALL = 'all';

/**
 * /user/authentication: verification submissions by state and type; open one to see its documents and decide. The open
 * one is in the URL (`id`), so a link opens it.
 */
export function VerificationPage() {
  const t = useMessages(userMessages);
  const dateTime = useDateTime();
  const codes = useCodes();
  const can = useCan();
  const [url, setUrl] = useUrlState(VERIFICATION_URL);
  const { id: openId, ...filter } = url;
  const list = useVerifications(filter);
  const count = list.data?.pages[0]?.count;
  const mayView = can('user.verification.view');
  const mayDecide = can('user.verification.audit');

  if (list.isError && !list.data) return <QueryFailure error={list.error} onRetry={() => void list.refetch()} />;

  const columns = [
    { key: 'submitted_at', title: t.submittedAt, width: 150, render: (_: unknown, v: VerificationRow) => dateTime(v.submitted_at) },
    {
      key: 'user',
      title: t.colUser,
      width: 190,
      render: (_: unknown, v: VerificationRow) => (
        <span className="user-cell">
          <CellAvatar name={v.user_name} src={v.head_img_url} />
          <span>
            <span className="user-cell__name">{v.user_name}</span>
            <span className="cell-muted user-cell__sub">{v.user_mobile}</span>
          </span>
        </span>
      ),
    },
    { key: 'type', title: t.typeFilter, width: 100, render: (_: unknown, v: VerificationRow) => codes.label('verification_type', v.type) },
    { key: 'subject', title: t.subjectName, width: 220, ellipsis: true, dataIndex: 'subject_name' },
    { key: 'number', title: t.idNumber, width: 200, render: (_: unknown, v: VerificationRow) => (v.type === 1 ? v.id_number : v.credit_code) },
    { key: 'state', title: t.stateFilter, width: 90, render: (_: unknown, v: VerificationRow) => <SubmissionStateTag state={v.state} /> },
    { key: 'reviewer', title: t.reviewer, width: 100, render: (_: unknown, v: VerificationRow) => (v.reviewed_at ? v.reviewer_name || t.system : '') },
    { key: 'reviewed_at', title: t.reviewedAt, width: 150, render: (_: unknown, v: VerificationRow) => dateTime(v.reviewed_at) },
    { key: 'reason', title: t.rejectReason, width: 200, ellipsis: true, dataIndex: 'reason' },
    ...(mayView
      ? [
          {
            key: 'actions',
            title: t.actions,
            width: 90,
            fixed: 'right' as const,
            render: (_: unknown, v: VerificationRow) => (
              <CellLink onClick={() => setUrl({ id: v.id })}>{v.state === 1 && mayDecide ? t.review : t.view}</CellLink>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card
      className="user-page"
      title={t.verificationsTitle}
      extra={count !== undefined && <Typography.Text type="secondary">{format(t.verificationCount, { count })}</Typography.Text>}
    >
      <Flex vertical gap={12} className="user-page__body">
        <FilterBar
          active={Object.values(filter).filter((value) => value !== undefined).length}
          onClear={() => setUrl(clearedUrlState(VERIFICATION_URL))}
        >
          <Segmented<number | typeof ALL>
            aria-label={t.stateFilter}
            value={filter.state ?? ALL}
            options={[
              { value: ALL, label: t.all },
              { value: 1, label: t.stateOfSubmission1 },
              { value: 2, label: t.stateOfSubmission2 },
              { value: 0, label: t.stateOfSubmission0 },
            ]}
            onChange={(state) => setUrl({ state: state === ALL ? undefined : state })}
          />
          <Segmented<number | typeof ALL>
            aria-label={t.typeFilter}
            value={filter.type ?? ALL}
            options={[{ value: ALL, label: t.all }, ...codes.options('verification_type')]}
            onChange={(type) => setUrl({ type: type === ALL ? undefined : type })}
          />
          <MobileSearchBox label={t.mobile} invalidText={t.mobileInvalid} value={filter.mobile} onChange={(mobile) => setUrl({ mobile })} />
          <DayRangePicker className="user-filter__range" label={t.submittedDays} value={filter.time_quantum} onChange={(time_quantum) => setUrl({ time_quantum })} />
        </FilterBar>
        <InfiniteTable<VerificationRow>
          list={list}
          resetKey={JSON.stringify(filter)}
          rowKey="id"
          columns={columns}
          scrollX={columns.reduce((sum, c) => sum + c.width, 0)}
        />
      </Flex>
      {openId !== undefined && <VerificationDrawer id={openId} onClose={() => setUrl({ id: undefined })} />}
    </Card>
  );
}
