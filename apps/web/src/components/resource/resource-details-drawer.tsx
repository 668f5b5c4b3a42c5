import { childResources } from '@juqi/contract';
import { Descriptions, Spin, Tabs } from 'antd';
import { format, useMessages } from '../../lib/i18n';
import { usePreferences } from '../../lib/preferences';
import { useResourceDetails, type AnyResource } from '../../lib/resource';
import { ConfirmCloseDrawer } from '../confirm-close-drawer';
import { DetailList } from '../detail-list';
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

/**
 * One record's every field, as the server holds it now, for staff who may view it (the list shows only the declared
 * columns, and cuts long text), and a tab per child list (a business's packages) with its records under this one.
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
  const wide = children.length > 0 || Object.values(resource.fields).some((field) => field.kind === 'richtext');
  return (
    <ConfirmCloseDrawer open size={wide ? 760 : 520} title={`${t.details} · ${resource.label[language]}`} onClose={onClose}>
      {children.length ? (
        <Tabs
          items={[
            { key: 'fields', label: t.basicInfo, children: fields },
            // Mounted with the drawer, so the tab's first page and its count are one call.
            ...children.map((child) => ({
              key: `${child.module}.${child.thing}`,
              label: <ChildTabLabel child={child} parentId={id} />,
              children: <ChildResourceList child={child} parentId={id} />,
              forceRender: true,
            })),
          ]}
        />
      ) : (
        fields
      )}
    </ConfirmCloseDrawer>
  );
}
