import { APPROVAL_STATE_NAMES, businessApplyCalls, type ApprovalState, type BusinessApplyRow } from '@juqi/contract';
import { Alert, Descriptions, Empty, Flex, Spin, Typography } from 'antd';
import { ConfirmCloseDrawer } from '../../../components/confirm-close-drawer';
import { DetailList } from '../../../components/detail-list';
import { FieldValues } from '../../../components/fields';
import { QueryFailure } from '../../../components/query-failure';
import { DayRangeFilter } from '../../../components/records/day-range-filter';
import { OptionFilter } from '../../../components/option-filter';
import { RecordsPage } from '../../../components/records/records-page';
import { CellLink, CellMuted, CellTag, type CellTone } from '../../../components/table-cells';
import { useCallQuery } from '../../../lib/call-hooks';
import { useDateTime } from '../../../lib/date-time';
import { format, useMessages } from '../../../lib/i18n';
import { usePreferences } from '../../../lib/preferences';
import type { UrlValues } from '../../../lib/url-state';
import { BUSINESS_APPLY_URL } from '../business-apply-url';
import { agencyMessages } from '../messages';

const STATE_TONES: Record<ApprovalState, CellTone> = { pending: 'processing', approved: 'success', rejected: 'error', withdrawn: 'default' };

function StateTag({ state }: { state: ApprovalState }) {
  const language = usePreferences((s) => s.language);
  return <CellTag tone={STATE_TONES[state]}>{APPROVAL_STATE_NAMES.find((s) => s.value === state)!.name[language]}</CellTag>;
}

/**
 * /agency/business_apply (业务申请, docs/marketplace.md › 业务申请): the agencies' applications to sell a business,
 * newest first, filtered by keyword, business, state and days filed, all in the URL; an application opened in a drawer
 * (`?id=`) with 业务申请表's values and a rejection's comment. Applications are decided in the approvers' to-dos.
 */
export function BusinessApplyPage() {
  const t = useMessages(agencyMessages);
  const dateTime = useDateTime();
  return (
    <RecordsPage
      title={t.applyTitle}
      url={BUSINESS_APPLY_URL}
      openKey="id"
      list={businessApplyCalls.businessApplyList}
      paging="pages"
      totals={(data) => format(t.applyCount, { count: data.count })}
      keywordLabel={t.applySearch}
      Filters={BusinessApplyFilters}
      rowKey="id"
      columns={(open) => [
        {
          key: 'id',
          title: t.applyNo,
          width: 96,
          render: (_, r: BusinessApplyRow) => (
<CellLink onClick={() => open(String(r.id))}>#{r.id}</CellLink>
          ),
        },
        {
          key: 'agency',
          title: t.agency,
          width: 170,
          render: (_, r: BusinessApplyRow) => (
            <>
              <div>{r.agency_name}</div>
              <CellMuted>{[r.agency_mobile, r.agency_level_name].filter(Boolean).join(' · ')}</CellMuted>
            </>
          ),
        },
        { key: 'business', title: t.business, width: 180, dataIndex: 'business_name' },
        { key: 'state', title: t.state, width: 100, render: (_, r: BusinessApplyRow) => <StateTag state={r.state} /> },
        { key: 'selling', title: t.sellingNow, width: 90, render: (_, r: BusinessApplyRow) => (r.selling ? <CellTag tone="success">{t.yes}</CellTag> : <CellMuted>{t.no}</CellMuted>) },
        { key: 'flow', title: t.flow, width: 130, dataIndex: 'flow_name' },
        { key: 'created_at', title: t.createdAt, width: 150, render: (_, r: BusinessApplyRow) => dateTime(r.created_at) },
        { key: 'finished_at', title: t.finishedAt, width: 150, render: (_, r: BusinessApplyRow) => (r.finished_at ? dateTime(r.finished_at) : <CellMuted>{t.none}</CellMuted>) },
      ]}
      Details={BusinessApplyDetails}
    />
  );
}

/** The filters after the search box: business, state and the days filed. */
function BusinessApplyFilters({ filter, change }: { filter: UrlValues<typeof BUSINESS_APPLY_URL>; change: (patch: UrlValues<typeof BUSINESS_APPLY_URL>) => void }) {
  const t = useMessages(agencyMessages);
  const language = usePreferences((s) => s.language);
  const options = useCallQuery(businessApplyCalls.businessApplyOptions, undefined, { staleTime: 60_000 }).data;
  return (
    <>
      <OptionFilter search label={t.business} value={filter.business_id} options={options?.businesses.map((b) => ({ value: b.id, label: b.name }))} onChange={(business_id) => change({ business_id })} />
      <OptionFilter<ApprovalState> label={t.state} value={filter.state} options={APPROVAL_STATE_NAMES.map((s) => ({ value: s.value, label: s.name[language] }))} onChange={(state) => change({ state })} />
      <DayRangeFilter label={t.createdDays} value={filter.created} onChange={(created) => change({ created })} />
    </>
  );
}

/** One application: who asked for what, where it stands, and 业务申请表 as filed. */
function BusinessApplyDetails({ recordKey, onClose }: { recordKey: string; onClose: () => void }) {
  const t = useMessages(agencyMessages);
  const dateTime = useDateTime();
  const details = useCallQuery(businessApplyCalls.businessApplyDetails, { id: Number(recordKey) });
  const application = details.data;
  return (
    <ConfirmCloseDrawer open size={640} title={application ? `${t.applyTitle} #${application.id}` : t.applyTitle} onClose={onClose}>
      {details.isError && !application ? (
        <QueryFailure compact error={details.error} onRetry={() => void details.refetch()} />
      ) : !application ? (
        <Spin />
      ) : (
        <Flex vertical gap={16}>
          <DetailList size="small" bordered column={2}>
            <Descriptions.Item label={t.agency}>{[application.agency_name, application.agency_mobile].filter(Boolean).join(' · ')}</Descriptions.Item>
            <Descriptions.Item label={t.level}>{application.agency_level_name || t.none}</Descriptions.Item>
            <Descriptions.Item label={t.business}>{application.business_name}</Descriptions.Item>
            <Descriptions.Item label={t.state}>
              <StateTag state={application.state} />
            </Descriptions.Item>
            <Descriptions.Item label={t.sellingNow}>{application.selling ? t.yes : t.no}</Descriptions.Item>
            <Descriptions.Item label={t.flow}>{application.flow_name}</Descriptions.Item>
            <Descriptions.Item label={t.createdAt}>{dateTime(application.created_at)}</Descriptions.Item>
            <Descriptions.Item label={t.finishedAt}>{application.finished_at ? dateTime(application.finished_at) : t.none}</Descriptions.Item>
            {application.comment ? (
              <Descriptions.Item label={t.comment} span="filled">
                {application.comment}
              </Descriptions.Item>
            ) : null}
          </DetailList>
          {application.state === 'pending' && <Alert type="info" showIcon title={t.decideHint} />}
          <Typography.Title level={5}>{t.applyForm}</Typography.Title>
          {Object.keys(application.values).length === 0 ? <Empty description={t.noForm} /> : <FieldValues bordered definitions={application.form} values={application.values} />}
        </Flex>
      )}
    </ConfirmCloseDrawer>
  );
}
