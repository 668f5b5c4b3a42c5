import { childResources, stateName } from '@juqi/contract';
import { Descriptions, Spin, Tabs } from 'antd';
import { format, useMessages } from '../../lib/i18n';
import { usePreferences } from '../../lib/preferences';
import { useResourceDetails, useResourceHistory, type AnyResource } from '../../lib/resource';
import { ConfirmCloseDrawer } from '../confirm-close-drawer';
import { DetailList } from '../detail-list';
import { HistoryTimeline } from '../history-timeline';
import { commonMessages } from '../messages';
import { QueryFailure } from '../query-failure';
import { ChildResourceList, useChildList } from './child-resource-list';
import { useResourceCell, useResourceLabel, type ResourceCells } from './resource-cell';

/** A child list's tab title: its label and how many records the parent holds. */
function ChildTabLabel({ child, parentId }: { child: AnyResource; parentId: number }) {
  const t = useMessages(commonMessages);
  const language = usePreferences((s) => s.language);
  // The same query as the tab's first page: one call serves both.
  const count = useChildList(child, parentId).data?.count;
  const label = child.label[language];
  return <>{count === undefined ? label : format(t.childCount, { label, count })}</>;
}

/** A record's history, oldest first: who added, edited or moved it, when, from which state to which, and why. */
function ResourceHistory({ resource, id }: { resource: AnyResource; id: number }) {
  const t = useMessages(commonMessages);
  const language = usePreferences((s) => s.language);
  const history = useResourceHistory(resource, id);
  const nameOf = (state: number | null) => stateName(resource, state)?.[language] ?? '—';
  const actionName = (action: string) =>
    action === 'add' ? t.historyAdd : action === 'edit' ? t.historyEdit : (resource.states!.actions[action]?.label[language] ?? resource.fields[resource.states!.field]?.label[language] ?? action);
  if (history.isError) return <QueryFailure compact error={history.error} onRetry={() => void history.refetch()} />;
  if (history.isPending) return <Spin />;
  return (
    <HistoryTimeline
      entries={history.data}
      actionName={actionName}
      change={(entry) => (entry.to !== null && entry.action !== 'edit' ? (entry.from === null ? nameOf(entry.to) : `${nameOf(entry.from)} → ${nameOf(entry.to)}`) : null)}
    />
  );
}

/**
 * One record's every field, as the server holds it now, for staff who may view it (the list shows only the declared
 * columns, and cuts long text), a tab per child list (a business's packages) with its records under this one, and
 * the record's history where it declares states.
 * Closing it asks to confirm, as every drawer does (§5).
 */
export function ResourceDetailsDrawer({ resource, id, cells, onClose }: { resource: AnyResource; id: number; cells?: ResourceCells; onClose: () => void }) {
  const t = useMessages(commonMessages);
  const language = usePreferences((s) => s.language);
  const details = useResourceDetails(resource, id);
  const cellOf = useResourceCell(resource, cells, true);
  const labelOf = useResourceLabel(resource);
  const children = childResources(resource) as AnyResource[];
  const fields = details.isError ? (
    <QueryFailure compact error={details.error} onRetry={() => void details.refetch()} />
  ) : details.isPending ? (
    <Spin />
  ) : (
    <DetailList column={1} bordered size="small">
      {[...Object.keys(resource.fields), 'updated_at'].map((key) => (
        <Descriptions.Item key={key} label={labelOf(key)}>
          {cellOf(key, details.data)}
        </Descriptions.Item>
      ))}
    </DetailList>
  );
  const tabs = [
    // Mounted with the drawer, so a child list's first page and its count are one call.
    ...children.map((child) => ({
      key: `${child.module}.${child.thing}`,
      label: <ChildTabLabel child={child} parentId={id} />,
      children: <ChildResourceList child={child} parentId={id} />,
      forceRender: true,
    })),
    ...(resource.calls.history ? [{ key: 'history', label: t.history, children: <ResourceHistory resource={resource} id={id} /> }] : []),
  ];
  const wide = children.length > 0 || Object.values(resource.fields).some((field) => field.kind === 'richtext');
  return (
    <ConfirmCloseDrawer open size={wide ? 760 : 520} title={`${t.details} · ${resource.label[language]}`} onClose={onClose}>
      {tabs.length ? <Tabs items={[{ key: 'fields', label: t.basicInfo, children: fields }, ...tabs]} /> : fields}
    </ConfirmCloseDrawer>
  );
}
