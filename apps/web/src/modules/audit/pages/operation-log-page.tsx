import { auditCalls, type AuditEntry } from '@juqi/contract';
import { Select, Space } from 'antd';
import { useMemo } from 'react';
import { commonMessages } from '../../../components/messages';
import { DayRangeFilter } from '../../../components/records/day-range-filter';
import { RecordsPage } from '../../../components/records/records-page';
import { CellLink, CellMuted, CellTag } from '../../../components/table-cells';
import { TextFilter } from '../../../components/text-filter';
import { useDateTime } from '../../../lib/date-time';
import { format, useMessages } from '../../../lib/i18n';
import { usePreferences } from '../../../lib/preferences';
import { urlField, type UrlValues } from '../../../lib/url-state';
import { AuditEntryDrawer } from '../components/audit-entry-drawer';
import { auditVocabulary, isRefusal } from '../components/vocabulary';
import { auditMessages } from '../messages';

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
/**
 * /permission/operation_log (操作日志): who did what to which record, when and from where — every audited write and
 * every refusal — newest first, read page after page as the table scrolls (a keyset record list); the details drawer
 * shows the record before and after. Read only. The filters live in the URL; the export takes the same filter.
 */
export function OperationLogPage() {
  const t = useMessages(auditMessages);
  const language = usePreferences((s) => s.language);
  const dateTime = useDateTime();
  return (
    <RecordsPage
      title={t.title}
      url={AUDIT_LOG_URL}
      list={auditCalls.logList}
      paging="keyset"
      totals={(data) => format(t.count, { count: data.count })}
      keywordLabel={t.keyword}
      Filters={AuditFilters}
      exportAs={{
        operation: 'system.audit.export',
        call: auditCalls.logExport,
        texts: { title: t.exportTitle, rows: t.exportRows, done: t.exportDone, nothing: t.exportNothing },
        fallbackName: 'operation-log.xlsx',
      }}
      rowKey="id"
      columns={(open) => [
        { key: 'created_at', title: t.colTime, width: 150, render: (_, e: AuditEntry) => dateTime(e.created_at) },
        {
          key: 'staff',
          title: t.colStaff,
          width: 150,
          render: (_, e: AuditEntry) =>
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
          render: (_, e: AuditEntry) => {
            const name = auditVocabulary.actionName(e.action, language);
            return isRefusal(e.action) ? <CellTag tone="error">{name}</CellTag> : name;
          },
        },
        {
          key: 'target',
          title: t.colTarget,
          width: 230,
          render: (_, e: AuditEntry) => (
            <span>
              <span className="audit-cell__main">{auditVocabulary.targetName(e.target, language) || <CellMuted>{t.none}</CellMuted>}</span>
              {e.target_name && <span className="cell-muted audit-cell__sub">{e.target_name}</span>}
            </span>
          ),
        },
        { key: 'ip', title: t.colIp, width: 140, render: (_, e: AuditEntry) => e.ip || <CellMuted>{t.none}</CellMuted> },
        { key: 'actions', title: t.details, width: 80, fixed: 'right', render: (_, e: AuditEntry) => <CellLink onClick={() => open(String(e.id))}>{t.details}</CellLink> },
      ]}
      Details={EntryDetails}
    />
  );
}

/** An entry's details, opened by its id. */
function EntryDetails({ recordKey, onClose }: { recordKey: string; onClose: () => void }) {
  return <AuditEntryDrawer id={Number(recordKey)} onClose={onClose} />;
}

/** The filters after the search box: who, which actions, which record, which days. */
function AuditFilters({ filter, change }: { filter: UrlValues<typeof AUDIT_LOG_URL>; change: (patch: UrlValues<typeof AUDIT_LOG_URL>) => void }) {
  const t = useMessages(auditMessages);
  const common = useMessages(commonMessages);
  const language = usePreferences((s) => s.language);
  const actionOptions = useMemo(() => auditVocabulary.actions.map((a) => ({ value: a.value, label: auditVocabulary.actionName(a.value, language) })), [language]);
  const kindOptions = useMemo(() => auditVocabulary.targetKinds.map((k) => ({ value: k.value, label: k.name[language] })), [language]);
  return (
    <>
      <TextFilter className="audit-filter__staff" label={t.staff} maxLength={40} value={filter.staff} onChange={(staff) => change({ staff })} />
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
        onChange={(action: string[]) => change({ action: action.length ? action : undefined })}
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
          onChange={(kind: string | undefined) => change({ target_kind: kind ?? undefined, target_id: kind ? filter.target_id : undefined })}
        />
        <TextFilter
          className="audit-filter__id"
          label={t.targetId}
          maxLength={40}
          disabled={!filter.target_kind}
          value={filter.target_id}
          onChange={(id) => change({ target_id: id })}
        />
      </Space.Compact>
      <DayRangeFilter label={t.time} value={filter.time} onChange={(time) => change({ time })} />
    </>
  );
}
