import { auditCalls, type AuditEntry } from '@juqi/contract';
import { Card, DatePicker, Flex, Select, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useMemo, useState, type ReactNode } from 'react';
import { ExportButton } from '../../../components/export-button';
import { FilterBar } from '../../../components/filter-bar';
import { InfiniteTable } from '../../../components/infinite-table';
import { commonMessages } from '../../../components/messages';
import { QueryFailure } from '../../../components/query-failure';
import { CellLink, CellMuted, CellTag } from '../../../components/table-cells';
import { TextFilter } from '../../../components/text-filter';
import { TimeZoneNote } from '../../../components/time-zone-note';
import { useDateTime } from '../../../lib/date-time';
import { format, useMessages } from '../../../lib/i18n';
import { usePreferences } from '../../../lib/preferences';
import { useCan } from '../../../lib/shell-session';
import { clearedUrlState, urlField, useUrlState, type UrlValues } from '../../../lib/url-state';
import { useAuditLog } from '../api/get-audit-log';
import { AuditEntryDrawer } from '../components/audit-entry-drawer';
import { auditVocabulary, isRefusal } from '../components/vocabulary';
import { auditMessages, type AuditTexts } from '../messages';

const body = auditCalls.logList.body!.shape;

/** The log's filters as written in its URL (`/permission/operation_log?action=case.platform.edit&time=2026-03-01&time=2026-03-02`). */
export const AUDIT_LOG_URL = {
  keyword: urlField('text', body.keyword),
  staff: urlField('text', body.staff),
  action: urlField('list', body.action),
  target_kind: urlField('text', body.target_kind),
  target_id: urlField('text', body.target_id),
  time: urlField('days', body.time),
};
type AuditLogFilter = UrlValues<typeof AUDIT_LOG_URL>;

const DAY = 'YYYY-MM-DD';

/**
 * /permission/operation_log (操作日志): who did what to which record, when and from where — every audited write and
 * every refusal — newest first, read page after page as the table scrolls; the details drawer shows the record before
 * and after. Read only. The filters live in the URL; the export takes the same filter.
 */
export function OperationLogPage() {
  const t = useMessages(auditMessages);
  const language = usePreferences((s) => s.language);
  const dateTime = useDateTime();
  const can = useCan();
  const [filter, setFilter] = useUrlState(AUDIT_LOG_URL);
  const list = useAuditLog(filter);
  const [openId, setOpenId] = useState<number | null>(null);
  const count = list.data?.pages[0]?.count;

  const columns = useMemo(
    () => [
      { key: 'created_at', title: t.colTime, width: 150, render: (_: unknown, e: AuditEntry) => dateTime(e.created_at) },
      {
        key: 'staff',
        title: t.colStaff,
        width: 150,
        render: (_: unknown, e: AuditEntry) =>
          e.staff_id === null ? (
            <CellMuted>{t.system}</CellMuted>
          ) : (
            <span>
              <span className="audit-cell__main">{e.staff_name ?? `#${e.staff_id}`}</span>
              {e.staff_num && <span className="cell-muted audit-cell__sub">{e.staff_num}</span>}
            </span>
          ),
      },
      {
        key: 'action',
        title: t.colAction,
        width: 200,
        render: (_: unknown, e: AuditEntry) => {
          const name = auditVocabulary.actionName(e.action, language);
          return isRefusal(e.action) ? <CellTag tone="error">{name}</CellTag> : name;
        },
      },
      {
        key: 'target',
        title: t.colTarget,
        width: 230,
        render: (_: unknown, e: AuditEntry) => (
          <span>
            <span className="audit-cell__main">{auditVocabulary.targetName(e.target, language) || <CellMuted>{t.none}</CellMuted>}</span>
            {e.target_name && <span className="cell-muted audit-cell__sub">{e.target_name}</span>}
          </span>
        ),
      },
      { key: 'ip', title: t.colIp, width: 140, render: (_: unknown, e: AuditEntry) => e.ip || <CellMuted>{t.none}</CellMuted> },
      {
        key: 'actions',
        title: t.details,
        width: 80,
        fixed: 'right' as const,
        render: (_: unknown, e: AuditEntry) => <CellLink onClick={() => setOpenId(e.id)}>{t.details}</CellLink>,
      },
    ],
    [t, language, dateTime],
  );

  if (list.isError && !list.data) return <QueryFailure error={list.error} onRetry={() => void list.refetch()} />;

  return (
    <Card
      className="audit-page"
      title={t.title}
      extra={
        <Space size={16} wrap>
          <TimeZoneNote />
          {count !== undefined && <Typography.Text type="secondary">{format(t.count, { count })}</Typography.Text>}
        </Space>
      }
    >
      <Flex vertical gap={12} className="audit-page__body">
        <AuditFilterBar
          filter={filter}
          onChange={setFilter}
          t={t}
          tools={
            can('system.audit.export') && (
              <ExportButton
                call={auditCalls.logExport}
                body={filter}
                count={count}
                texts={{ title: t.exportTitle, rows: t.exportRows, done: t.exportDone, nothing: t.exportNothing }}
                fallbackName="operation-log.xlsx"
              />
            )
          }
        />
        <InfiniteTable<AuditEntry>
          list={list}
          resetKey={JSON.stringify(filter)}
          rowKey="id"
          columns={columns}
          scrollX={columns.reduce((sum, c) => sum + c.width, 0)}
        />
      </Flex>
      {openId !== null && <AuditEntryDrawer id={openId} onClose={() => setOpenId(null)} />}
    </Card>
  );
}

interface AuditFilterBarProps {
  filter: AuditLogFilter;
  /** Called with the filters that changed; the others stay. */
  onChange: (patch: AuditLogFilter) => void;
  tools: ReactNode;
  t: AuditTexts;
}

function AuditFilterBar({ filter, onChange, tools, t }: AuditFilterBarProps) {
  const common = useMessages(commonMessages);
  const language = usePreferences((s) => s.language);
  const { keyword, ...folded } = filter;
  const actionOptions = useMemo(() => auditVocabulary.actions.map((a) => ({ value: a.value, label: auditVocabulary.actionName(a.value, language) })), [language]);
  const kindOptions = useMemo(() => auditVocabulary.targetKinds.map((k) => ({ value: k.value, label: k.name[language] })), [language]);
  return (
    <FilterBar
      search={<TextFilter className="audit-filter__keyword" label={t.keyword} maxLength={50} value={keyword} onChange={(words) => onChange({ keyword: words })} />}
      active={Object.values(folded).filter((value) => value !== undefined).length}
      searching={keyword !== undefined}
      onClear={() => onChange(clearedUrlState(AUDIT_LOG_URL))}
      tools={tools}
    >
      <TextFilter className="audit-filter__staff" label={t.staff} maxLength={40} value={filter.staff} onChange={(staff) => onChange({ staff })} />
      <Select
        mode="multiple"
        className="audit-filter__action"
        prefix={t.action}
        aria-label={t.action}
        placeholder={common.all}
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        maxTagCount="responsive"
        value={filter.action ?? []}
        options={actionOptions}
        onChange={(action: string[]) => onChange({ action: action.length ? action : undefined })}
      />
      <Space.Compact className="audit-filter__target">
        <Select
          className="audit-filter__kind"
          prefix={t.targetKind}
          aria-label={t.targetKind}
          placeholder={common.all}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          value={filter.target_kind}
          options={kindOptions}
          // A record id means nothing without its kind: it goes with it.
          onChange={(kind: string | undefined) => onChange({ target_kind: kind ?? undefined, target_id: kind ? filter.target_id : undefined })}
        />
        <TextFilter
          className="audit-filter__id"
          label={t.targetId}
          maxLength={40}
          disabled={!filter.target_kind}
          value={filter.target_id}
          onChange={(id) => onChange({ target_id: id })}
        />
      </Space.Compact>
      <DatePicker.RangePicker
        className="audit-filter__range"
        prefix={t.time}
        aria-label={t.time}
        placeholder={[t.startDay, t.endDay]}
        value={filter.time ? [dayjs(filter.time[0]), dayjs(filter.time[1])] : null}
        allowClear
        onChange={(days) => onChange({ time: days?.[0] && days[1] ? [days[0].format(DAY), days[1].format(DAY)] : undefined })}
      />
    </FilterBar>
  );
}
