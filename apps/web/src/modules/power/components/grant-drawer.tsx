import { ErrorCode, powerCalls, type PowerNode, type Role } from '@juqi/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Result, Space, Spin, Tree, Typography, type TreeDataNode } from 'antd';
import { useMemo, useState } from 'react';
import { ConfirmCloseDrawer, DrawerCloseButton } from '../../../components/confirm-close-drawer';
import { callApi } from '../../../lib/api-client';
import { ApiError } from '../../../lib/api-errors';
import { callKey } from '../../../lib/call-hooks';
import { format, useMessages } from '../../../lib/i18n';
import { nameInLanguage } from '../../../lib/menu-routes';
import { usePreferences } from '../../../lib/preferences';
import { useMenuChangingMutation } from '../api/menu-changing-mutation';
import { powerMessages } from '../messages';
import { CatalogueTitle } from './catalogue-title';
import { boxStates, clickChecks, indexCatalogue, toggleGrant, type CatalogueIndex } from './grant-model';

interface GrantDrawerProps {
  role: Role;
  /** With `role.grant` the tree can be changed and saved; without it, it is shown read-only. */
  editable: boolean;
  onClose: () => void;
}

const NO_IDS: number[] = [];

function toTreeData(nodes: PowerNode[], grantable: ReadonlySet<number>): TreeDataNode[] {
  return nodes.map((node) => ({
    key: node.id,
    title: <CatalogueTitle node={node} />,
    disabled: !grantable.has(node.id),
    className: node.kind === 'operation' ? 'power-tree__operation' : undefined,
    isLeaf: node.children.length === 0,
    children: toTreeData(node.children, grantable),
  }));
}

const withChildren = (index: CatalogueIndex) => index.order.filter((id) => index.byId.get(id)!.children.length > 0);

/**
 * The grant editor of one role: the whole catalogue as a checkable tree, checked = what the role grants. Entries the
 * signed-in staff may not grant are disabled. Mounted while open, so each opening starts from the server's grants.
 */
export function GrantDrawer({ role, editable, onClose }: GrantDrawerProps) {
  const t = useMessages(powerMessages);
  const language = usePreferences((s) => s.language);
  const { message } = App.useApp();
  const grants = useQuery({
    queryKey: callKey(powerCalls.roleGrants, { id: role.id }),
    queryFn: () => callApi(powerCalls.roleGrants, { body: { id: role.id } }),
    // Always the current grants when the editor opens: another administrator may have changed them.
    staleTime: 0,
    gcTime: 0,
  });
  const tree = grants.data?.tree;
  const save = useMenuChangingMutation(powerCalls.roleGrant, [powerCalls.roleGrants]);

  const index = useMemo(() => indexCatalogue(tree ?? []), [tree]);
  const grantableIds = editable ? (grants.data?.grantable_ids ?? NO_IDS) : NO_IDS;
  const grantable = useMemo(() => new Set(grantableIds), [grantableIds]);
  const treeData = useMemo(() => toTreeData(tree ?? [], grantable), [tree, grantable]);
  // null until the staff changes something: until then the server's grants show.
  const [changed, setChanged] = useState<ReadonlySet<number> | null>(null);
  const granted = useMemo(() => changed ?? new Set(grants.data?.power_ids ?? NO_IDS), [changed, grants.data]);
  const [expanded, setExpanded] = useState<number[] | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const boxes = useMemo(() => boxStates(index, granted, grantable), [index, granted, grantable]);
  const ready = Boolean(grants.data);
  const someDisabled = editable && index.order.some((id) => !grantable.has(id));

  const toggle = (id: number) => {
    if (!grantable.has(id)) return;
    setChanged(toggleGrant(index, granted, grantable, id, clickChecks(index, granted, grantable, id)));
    setRefused(null);
  };

  const submit = async () => {
    const ids = [...granted].sort((a, b) => a - b);
    try {
      await save.mutateAsync({ id: role.id, power_ids: ids });
      void message.success(t.grantSaved);
      onClose();
    } catch (error) {
      // The drawer stays open with the staff's choices, and says what was refused.
      if (error instanceof ApiError && error.code === ErrorCode.FORBIDDEN) {
        const missing = (error.data as { power_ids?: number[] } | null)?.power_ids ?? [];
        const names = missing
          .map((id) => {
            const entry = index.byId.get(id);
            return entry ? nameInLanguage(entry, language) : `#${id}`;
          })
          .join(t.nameSeparator);
        setRefused(names ? format(t.grantRefused, { names }) : error.message);
      } else if (error instanceof Error) {
        setRefused(error.message);
      }
    }
  };

  const failure = grants.error;

  return (
    <ConfirmCloseDrawer
      open
      size={600}
      title={format(editable ? t.grantTitle : t.grantViewTitle, { name: role.name })}
      onClose={onClose}
      unsaved={() => changed !== null}
      destroyOnHidden
      footer={
        editable && ready ? (
          <Flex justify="space-between" align="center">
            <Typography.Text type="secondary">{format(t.grantSelected, { count: granted.size })}</Typography.Text>
            <Space>
              <DrawerCloseButton>{t.cancel}</DrawerCloseButton>
              <Button type="primary" loading={save.isPending} onClick={() => void submit()}>
                {t.save}
              </Button>
            </Space>
          </Flex>
        ) : null
      }
    >
      {ready ? (
        <Flex vertical gap={8} className="power-grant">
          <Typography.Paragraph type="secondary" className="power-grant__hint">
            {t.grantHint}
            {someDisabled && ` ${t.grantDisabledHint}`}
          </Typography.Paragraph>
          {refused && <Alert type="error" showIcon title={refused} />}
          <Flex justify="flex-end">
            <Button size="small" type="link" onClick={() => setExpanded(null)}>
              {t.expandAll}
            </Button>
            <Button size="small" type="link" onClick={() => setExpanded([])}>
              {t.collapseAll}
            </Button>
          </Flex>
          <Tree<TreeDataNode>
            className="power-tree"
            checkable
            checkStrictly
            selectable={false}
            blockNode
            treeData={treeData}
            expandedKeys={expanded ?? withChildren(index)}
            onExpand={(keys) => setExpanded(keys as number[])}
            checkedKeys={boxes}
            onCheck={(_keys, info) => toggle(Number(info.node.key))}
          />
        </Flex>
      ) : failure ? (
        <Result
          status={failure instanceof ApiError && failure.code === ErrorCode.FORBIDDEN ? '403' : 'error'}
          title={t.loadFailed}
          subTitle={failure.message}
          extra={
            <Button onClick={() => void grants.refetch()}>
              {t.retry}
            </Button>
          }
        />
      ) : (
        <Spin className="power-loading" />
      )}
    </ConfirmCloseDrawer>
  );
}
