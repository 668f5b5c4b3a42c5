import { DeleteOutlined, EditOutlined, PlusOutlined, SafetyOutlined } from '@ant-design/icons';
import type { Role } from '@juqi/contract';
import { Button, Card, Empty, Flex, Input, Space, Table, Tooltip, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { format, useMessages } from '../../../lib/i18n';
import { useDeleteRole } from '../api/delete-role';
import { useRoles } from '../api/get-roles';
import { GrantDrawer } from '../components/grant-drawer';
import { QueryFailure } from '../../../components/query-failure';
import { RoleFormModal } from '../components/role-form-modal';
import { useCan } from '../../../lib/shell-session';
import { powerMessages } from '../messages';
import { DeleteButton } from '../../../components/delete-button';

const PAGE_SIZE = 20;

/** /permission/role: roles with their staff counts; create, rename, delete, and edit each role's grants. */
export function RolePage() {
  const t = useMessages(powerMessages);
  const can = useCan();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  const roles = useRoles({ keyword, page, limit: pageSize });
  const remove = useDeleteRole();
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
      render: (value: string) => dayjs(value).format('YYYY-MM-DD HH:mm'),
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
              <DeleteButton confirm={format(t.roleDeleteConfirm, { name: role.name })} onDelete={() => remove.mutateAsync(role.id)} />
            ))}
        </Space>
      ),
    },
  ];

  if (roles.isError && !roles.data) return <QueryFailure error={roles.error} onRetry={() => void roles.refetch()} />;

  return (
    <Card title={t.rolesTitle} className="power-page">
      <Flex justify="space-between" gap={12} wrap className="power-toolbar">
        <Input.Search
          allowClear
          aria-label={t.roleSearch}
          placeholder={t.roleSearch}
          enterButton={t.search}
          maxLength={40}
          className="power-toolbar__search"
          onSearch={(value) => {
            const next = value.trim();
            // Searching again for the same words reloads the list (staff counts change elsewhere).
            if (next === keyword && page === 1) void roles.refetch();
            setKeyword(next);
            setPage(1);
          }}
        />
        {mayEdit && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setFormRole(null)}>
            {t.roleCreate}
          </Button>
        )}
      </Flex>
      <Table<Role>
        rowKey="id"
        size="middle"
        columns={columns}
        dataSource={roles.data?.data}
        loading={roles.isFetching}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.empty} /> }}
        pagination={{
          current: page,
          pageSize,
          total: roles.data?.count ?? 0,
          showSizeChanger: true,
          showTotal: (count) => format(t.roleCount, { count }),
          onChange: (next, size) => {
            setPage(size === pageSize ? next : 1);
            setPageSize(size);
          },
        }}
        scroll={{ x: 800 }}
      />
      {formRole !== undefined && <RoleFormModal role={formRole} onClose={() => setFormRole(undefined)} />}
      {grantRole && <GrantDrawer role={grantRole} editable={mayGrant} onClose={() => setGrantRole(null)} />}
    </Card>
  );
}
