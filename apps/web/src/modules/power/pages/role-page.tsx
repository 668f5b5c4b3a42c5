import { DeleteOutlined, EditOutlined, PlusOutlined, SafetyOutlined } from '@ant-design/icons';
import { powerCalls, type Role } from '@juqi/contract';
import { Button, Card, Flex, Space, Tooltip, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { KeywordSearch, PagedTable, pagingSearch, usePaging } from '../../../components/paged-table';
import { useCallMutation, useCallQuery } from '../../../lib/call-hooks';
import { useDateTime } from '../../../lib/date-time';
import { format, useMessages } from '../../../lib/i18n';
import { GrantDrawer } from '../components/grant-drawer';
import { QueryFailure } from '../../../components/query-failure';
import { RoleFormModal } from '../components/role-form-modal';
import { useCan } from '../../../lib/shell-session';
import { powerMessages } from '../messages';
import { DeleteButton } from '../../../components/delete-button';

/** /permission/role: roles with their staff counts; create, rename, delete, and edit each role's grants. */
export function RolePage() {
  const t = useMessages(powerMessages);
  const dateTime = useDateTime();
  const can = useCan();
  const paging = usePaging();
  const roles = useCallQuery(
    powerCalls.roleList,
    { keyword: paging.keyword.trim() || undefined, page: paging.page, limit: paging.pageSize },
    { keepPrevious: true },
  );
  const remove = useCallMutation(powerCalls.roleDelete, [powerCalls.roleList]);
  // undefined: closed; null: a new role.
  const [formRole, setFormRole] = useState<Role | null | undefined>(undefined);
  const [grantRole, setGrantRole] = useState<Role | null>(null);

  const mayEdit = can('role.edit');
  const mayGrant = can('role.grant');

  const columns: TableColumnsType<Role> = [
    { key: 'name', dataIndex: 'name', title: t.roleName, width: 200, ellipsis: true },
    { key: 'remark', dataIndex: 'remark', title: t.roleRemark, ellipsis: true },
    { key: 'staff_count', dataIndex: 'staff_count', title: t.staffCount, width: 100, align: 'right' },
    {
      key: 'created_at',
      dataIndex: 'created_at',
      title: t.createdAt,
      width: 170,
      render: (value: string) => dateTime(value),
    },
    {
      key: 'actions',
      title: t.actions,
      width: 240,
      render: (_: unknown, role) => (
        <Space size={0} wrap>
          <Button type="link" size="small" icon={<SafetyOutlined />} onClick={() => setGrantRole(role)}>
            {mayGrant ? t.grant : t.viewGrants}
          </Button>
          {mayEdit && (
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setFormRole(role)}>
              {t.edit}
            </Button>
          )}
          {mayEdit &&
            (role.staff_count > 0 ? (
              <Tooltip title={format(t.roleDeleteHeld, { count: role.staff_count })}>
                <Button type="link" size="small" danger disabled icon={<DeleteOutlined />}>
                  {t.delete}
                </Button>
              </Tooltip>
            ) : (
              <DeleteButton confirm={format(t.roleDeleteConfirm, { name: role.name })} onDelete={() => remove.mutateAsync({ id: role.id })} />
            ))}
        </Space>
      ),
    },
  ];

  if (roles.isError && !roles.data) return <QueryFailure error={roles.error} onRetry={() => void roles.refetch()} />;

  return (
    <Card title={t.rolesTitle} className="power-page">
      <Flex justify="space-between" gap={12} wrap className="power-toolbar">
        <KeywordSearch label={t.roleSearch} {...pagingSearch(paging, roles)} />
        {mayEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setFormRole(null)}>
            {t.roleCreate}
          </Button>
        )}
      </Flex>
      <PagedTable<Role> list={roles} paging={paging} columns={columns} scrollX={800} totalText={t.roleCount} />
      {formRole !== undefined && <RoleFormModal role={formRole} onClose={() => setFormRole(undefined)} />}
      {grantRole && <GrantDrawer role={grantRole} editable={mayGrant} onClose={() => setGrantRole(null)} />}
    </Card>
  );
}
