import { PlusOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useState } from 'react';
import { useMessages } from '../../lib/i18n';
import { useResourceList, type AnyResource } from '../../lib/resource';
import { commonMessages } from '../messages';
import { columnsWidth, PagedTable, usePaging } from '../paged-table';
import { QueryFailure } from '../query-failure';
import { useResourceActionsColumn, useResourceColumns, useResourceWrites } from './resource-columns';
import { ResourceFormModal } from './resource-form-modal';

/** The key of a child list's parent field: every child resource declares one. */
const parentKeyOf = (child: AnyResource) => child.parent!.key;

/** One page of a child list's records under one parent, as the parent's tab and its count ask for it. */
export function useChildList(child: AnyResource, parentId: number, page = 1, limit = child.pageSize ?? 20) {
  return useResourceList(child, { [parentKeyOf(child)]: parentId, page, limit });
}

/**
 * A record's child list (a business's packages) inside the record's details: its records alone, never another
 * parent's, with add, edit and delete in place for staff who may. A record added here takes the parent without the
 * staff picking it. Its filter is not the page's URL: the screen behind the drawer keeps its own.
 */
export function ChildResourceList({ child, parentId }: { child: AnyResource; parentId: number }) {
  const t = useMessages(commonMessages);
  const paging = usePaging(child.pageSize);
  const list = useChildList(child, parentId, paging.page, paging.pageSize);
  const { mayAdd } = useResourceWrites(child);
  // undefined: closed; null: a new record; a number: that record.
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const key = parentKeyOf(child);
  const columns = [...useResourceColumns(child, { without: [key] }), useResourceActionsColumn(child, { onEdit: (row) => setEditing(row.id) })];

  if (list.isError && !list.data) return <QueryFailure compact error={list.error} onRetry={() => void list.refetch()} />;
  return (
    <Flex vertical gap="small">
      {mayAdd && (
        <Flex justify="end">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(null)}>
            {t.add}
          </Button>
        </Flex>
      )}
      <PagedTable list={list} paging={paging} columns={columns} scrollX={columnsWidth(columns)} />
      {editing !== undefined && <ResourceFormModal resource={child} id={editing} fixed={{ [key]: parentId }} onClose={() => setEditing(undefined)} />}
    </Flex>
  );
}
