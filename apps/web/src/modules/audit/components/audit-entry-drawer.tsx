import { auditCalls, auditChanges, auditExtras, formatInZone, operationCatalogue, type AuditChange, type AuditEntryDetails } from '@juqi/contract';
import { Collapse, Descriptions, Flex, Skeleton, Switch, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ConfirmCloseDrawer } from '../../../components/confirm-close-drawer';
import { DetailList } from '../../../components/detail-list';
import { commonMessages } from '../../../components/messages';
import { QueryFailure } from '../../../components/query-failure';
import { useCallQuery } from '../../../lib/call-hooks';
import { useTimeZone } from '../../../lib/date-time';
import { format, useMessages } from '../../../lib/i18n';
import { usePreferences, type Language } from '../../../lib/preferences';
import { auditMessages, type AuditTexts } from '../messages';
import { auditVocabulary, isRefusal } from './vocabulary';

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/** An instant to the second in the platform's zone: a record's times often differ by seconds only. */
function useExactTime() {
  const zone = useTimeZone();
  return (instant: string) => formatInZone(instant, zone);
}

/** A value of a record or a detail, readably: times in the platform's zone, yes / no, JSON for anything nested. */
function useShowValue() {
  const t = useMessages(auditMessages);
  const exactTime = useExactTime();
  return (value: unknown) => {
    if (value === undefined || value === null || value === '') return <Typography.Text type="secondary">{t.none}</Typography.Text>;
    if (typeof value === 'boolean') return value ? t.yes : t.no;
    if (typeof value === 'string') return ISO_INSTANT.test(value) ? exactTime(value) : value;
    if (typeof value === 'number') return String(value);
    return <code className="audit-json">{JSON.stringify(value)}</code>;
  };
}

/**
 * One entry of the operation log in a drawer: who, what, which record, when, from where; the record before and after
 * field by field, the changed ones marked (highlighted, and named 已修改 for screen readers and in print); the
 * entry's other details; and the entry as stored. Read only.
 */
export function AuditEntryDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const t = useMessages(auditMessages);
  // Entries never change: read once.
  const entry = useCallQuery(auditCalls.logDetails, { id }, { staleTime: Infinity });
  return (
    <ConfirmCloseDrawer open title={t.drawerTitle} size={720} onClose={onClose} className="audit-drawer">
      {entry.data ? (
        <EntryDetails entry={entry.data} t={t} />
      ) : entry.isError ? (
        <QueryFailure compact error={entry.error} onRetry={() => void entry.refetch()} />
      ) : (
        <Skeleton active />
      )}
    </ConfirmCloseDrawer>
  );
}

function EntryDetails({ entry, t }: { entry: AuditEntryDetails; t: AuditTexts }) {
  const language = usePreferences((s) => s.language);
  const exactTime = useExactTime();
  const show = useShowValue();
  const changes = auditChanges(entry.detail);
  const extras = auditExtras(entry.detail);
  const action = auditVocabulary.actionName(entry.action, language);
  return (
    <Flex vertical gap={24}>
      <DetailList column={2} size="small" bordered>
        <Descriptions.Item label={t.colTime}>{exactTime(entry.created_at)}</Descriptions.Item>
        <Descriptions.Item label={t.colStaff}>
          {entry.staff_id === null ? t.system : `${entry.staff_name ?? `#${entry.staff_id}`}${entry.staff_num ? `（${entry.staff_num}）` : ''}`}
        </Descriptions.Item>
        <Descriptions.Item label={t.colAction}>{isRefusal(entry.action) ? <Tag color="error">{action}</Tag> : action}</Descriptions.Item>
        <Descriptions.Item label={t.actionCode}>
          <code>{entry.action}</code>
        </Descriptions.Item>
        <Descriptions.Item label={t.colTarget}>{show(auditVocabulary.targetName(entry.target, language))}</Descriptions.Item>
        <Descriptions.Item label={t.targetName}>{show(entry.target_name)}</Descriptions.Item>
        <Descriptions.Item label={t.colIp} span="filled">
          {show(entry.ip)}
        </Descriptions.Item>
      </DetailList>
      {changes.length > 0 && <ChangeTable action={entry.action} changes={changes} language={language} t={t} />}
      {extras.length > 0 && (
        <section aria-label={t.extras}>
          <Typography.Title level={5}>{t.extras}</Typography.Title>
          <DetailList column={1} size="small" bordered>
            {extras.map(([key, value]) => (
              <Descriptions.Item key={key} label={extraLabel(key, t)}>
                {key === 'operation' && typeof value === 'string' ? operationName(value, language) : show(value)}
              </Descriptions.Item>
            ))}
          </DetailList>
        </section>
      )}
      <Collapse
        size="small"
        items={[{ key: 'raw', label: t.raw, children: <pre className="audit-raw">{JSON.stringify(entry, null, 2)}</pre> }]}
      />
    </Flex>
  );
}

function ChangeTable({ action, changes, language, t }: { action: string; changes: AuditChange[]; language: Language; t: AuditTexts }) {
  const common = useMessages(commonMessages);
  const show = useShowValue();
  const [onlyChanged, setOnlyChanged] = useState(false);
  const changedCount = changes.filter((c) => c.changed).length;
  const fieldName = (field: string) =>
    field === 'updated_at' ? common.updatedAt : field === 'id' ? t.field_id : auditVocabulary.fieldName(action, field, language);
  const rows = onlyChanged ? changes.filter((c) => c.changed) : changes;
  return (
    <section aria-label={t.changes}>
      <Flex justify="space-between" align="center" wrap gap={8} className="audit-changes__head">
        <Typography.Title level={5}>
          {t.changes}
          <Typography.Text type="secondary" className="audit-changes__count">
            {changedCount ? format(t.changedCount, { count: changedCount }) : t.noChange}
          </Typography.Text>
        </Typography.Title>
        <label className="audit-changes__switch">
          <Switch size="small" checked={onlyChanged} onChange={setOnlyChanged} /> {t.onlyChanged}
        </label>
      </Flex>
      <Table<AuditChange>
        size="small"
        rowKey="field"
        pagination={false}
        dataSource={rows}
        rowClassName={(c) => (c.changed ? 'audit-change audit-change--changed' : 'audit-change')}
        // Three columns that wrap rather than scroll: on a phone 变更后 stays in view.
        tableLayout="fixed"
        columns={[
          {
            key: 'field',
            title: t.field,
            width: '28%',
            render: (_: unknown, c) => (
              <Flex vertical gap={2}>
                <span>{fieldName(c.field)}</span>
                {c.changed && <span className="audit-change__mark">{t.changed}</span>}
              </Flex>
            ),
          },
          { key: 'before', title: t.before, render: (_: unknown, c) => <span className="audit-change__before">{show(c.before)}</span> },
          { key: 'after', title: t.after, render: (_: unknown, c) => <span className="audit-change__after">{show(c.after)}</span> },
        ]}
      />
    </section>
  );
}

const extraLabel = (key: string, t: AuditTexts) => (t as Record<string, string>)[`extra_${key}`] ?? key;

/** A refused operation by its name in the catalogue, with its code. */
function operationName(code: string, language: Language) {
  const known = operationCatalogue.find((o) => o.code === code);
  return known ? `${language === 'en-US' ? known.nameEn : known.name}（${code}）` : code;
}
