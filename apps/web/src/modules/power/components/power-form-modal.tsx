import { isProductEntry, powerCalls, type PowerNode } from '@juqi/contract';
import { App, Flex, Form, Input, InputNumber, Modal, Select, Switch, Tag, TreeSelect } from 'antd';
import { useMemo } from 'react';
import { MENU_ICON_NAMES, menuIcon } from '../../../components/menu-icons';
import { useMessages } from '../../../lib/i18n';
import { nameInLanguage } from '../../../lib/menu-routes';
import { usePreferences, type Language } from '../../../lib/preferences';
import { useMenuChangingMutation } from '../api/menu-changing-mutation';
import { powerMessages, type PowerText } from '../messages';
import { depthOf, descendantsOf, indexCatalogue, menuHeight, type CatalogueIndex } from './grant-model';
import { showOnField } from '../../../lib/form-errors';

/** Menus nest at most three levels (§2.1). */
export const MAX_MENU_DEPTH = 3;

export type PowerFormTarget =
  | { mode: 'add'; kind: PowerNode['kind']; parent: PowerNode | null }
  | { mode: 'edit'; node: PowerNode };

interface PowerFormValues {
  pid?: number;
  name: string;
  name_en?: string;
  path?: string;
  code?: string;
  icon?: string;
  sort: number;
  hidden: boolean;
  no_cache: boolean;
}

const FIELDS = ['pid', 'name', 'name_en', 'path', 'code', 'icon', 'sort', 'hidden', 'no_cache'] as const;

// The contract's own rules, so the form refuses exactly what the server would.
const shape = powerCalls.add.body!.shape;
const passes = (schema: { safeParse: (v: unknown) => { success: boolean } }, value: unknown) => schema.safeParse(value).success;

interface ParentOption {
  value: number;
  title: string;
  disabled?: boolean;
  children: ParentOption[];
}

/** The menus a new or moved entry may sit under; the entry itself and its subtree cannot be its own parent. */
function parentOptions(nodes: PowerNode[], blocked: ReadonlySet<number>, language: Language): ParentOption[] {
  return nodes
    .filter((node) => node.kind === 'menu')
    .map((node) => ({
      value: node.id,
      title: `${nameInLanguage(node, language)}  ${node.path}`,
      disabled: blocked.has(node.id),
      children: parentOptions(node.children, blocked, language),
    }));
}

function nextSort(siblings: PowerNode[]): number {
  return siblings.length ? Math.min(100_000, Math.max(...siblings.map((s) => s.sort)) + 10) : 10;
}

/** Whether a menu (with its submenus, when it is moved) still fits in three levels under `pid`. */
export function fitsUnder(index: CatalogueIndex, pid: number | undefined, moving: PowerNode | null): boolean {
  const parentDepth = pid ? depthOf(index, pid) : 0;
  return parentDepth + (moving ? menuHeight(moving) : 1) <= MAX_MENU_DEPTH;
}

function rulesFor(t: PowerText, kind: PowerNode['kind'], index: CatalogueIndex, moving: PowerNode | null) {
  return {
    pid: [
      kind === 'operation'
        ? { required: true, message: t.parentRequired }
        : {
            validator: async (_: unknown, pid: number | undefined) => {
              if (!fitsUnder(index, pid, moving)) throw new Error(t.parentTooDeep);
            },
          },
    ],
    name: [
      { required: true, whitespace: true, message: t.nameRequired },
      { max: 40, message: t.nameTooLong },
    ],
    name_en: [{ max: 60, message: t.nameEnTooLong }],
    path: [
      { required: true, whitespace: true, message: t.pathRequired },
      {
        validator: async (_: unknown, value: string | undefined) => {
          if (value?.trim() && !passes(shape.path, value)) throw new Error(t.pathInvalid);
        },
      },
    ],
    code: [
      { required: true, whitespace: true, message: t.codeRequired },
      {
        validator: async (_: unknown, value: string | undefined) => {
          if (value?.trim() && !passes(shape.code, value)) throw new Error(t.codeInvalid);
        },
      },
    ],
  };
}

/** Adds or edits one catalogue entry: a menu (path, icon, hidden, no-cache) or an operation (code). Mounted while open. */
export function PowerFormModal({ target, tree, onClose }: { target: PowerFormTarget; tree: PowerNode[]; onClose: () => void }) {
  const t = useMessages(powerMessages);
  const language = usePreferences((s) => s.language);
  const { message } = App.useApp();
  const [form] = Form.useForm<PowerFormValues>();
  const add = useMenuChangingMutation(powerCalls.add, [powerCalls.particulars]);
  const edit = useMenuChangingMutation(powerCalls.edit, [powerCalls.particulars]);
  const index = useMemo(() => indexCatalogue(tree), [tree]);
  const node = target.mode === 'edit' ? target.node : null;
  const kind = target.mode === 'edit' ? target.node.kind : target.kind;
  const isMenu = kind === 'menu';
  // The server refuses these changes (see isProductEntry); the form does not offer them.
  const pathFixed = node !== null && isMenu && isProductEntry(node);

  const options = useMemo(() => {
    const blocked = new Set(node ? [node.id, ...descendantsOf(index, node.id)] : []);
    return parentOptions(tree, blocked, language);
  }, [tree, index, node, language]);
  const rules = rulesFor(t, kind, index, node);

  const initialValues: PowerFormValues = useMemo(() => {
    if (node) {
      return {
        pid: node.pid || undefined,
        name: node.name,
        name_en: node.name_en,
        path: node.path,
        code: node.code,
        icon: node.icon || undefined,
        sort: node.sort,
        hidden: node.hidden,
        no_cache: node.no_cache,
      };
    }
    const parent = target.mode === 'add' ? target.parent : null;
    const siblings = parent ? parent.children.filter((child) => child.kind === kind) : tree;
    return {
      pid: parent?.id,
      name: '',
      name_en: '',
      path: isMenu && parent ? `${parent.path}/` : '',
      code: '',
      icon: undefined,
      sort: nextSort(siblings),
      hidden: false,
      no_cache: false,
    };
  }, [node, target, tree, kind, isMenu]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const body = {
      pid: values.pid ?? 0,
      name: values.name.trim(),
      name_en: (values.name_en ?? '').trim(),
      path: isMenu ? (values.path ?? '').trim() : '',
      code: isMenu ? '' : (values.code ?? '').trim(),
      icon: isMenu ? (values.icon ?? '') : '',
      sort: values.sort ?? 0,
      hidden: isMenu ? values.hidden : false,
      no_cache: isMenu ? values.no_cache : false,
    };
    try {
      if (node) await edit.mutateAsync({ id: node.id, ...body });
      else await add.mutateAsync({ kind, ...body });
      void message.success(t.saved);
      onClose();
    } catch (error) {
      showOnField(form, error, FIELDS, { path: t.pathTaken, code: t.codeTaken });
    }
  };

  const title =
    target.mode === 'edit'
      ? t.editEntry
      : !isMenu
        ? t.addOperation
        : target.parent
          ? t.addChildMenu
          : t.addTopMenu;

  return (
    <Modal
      open
      title={
        <>
          {title} <Tag color={isMenu ? 'blue' : 'geekblue'}>{isMenu ? t.kindMenu : t.kindOperation}</Tag>
        </>
      }
      okText={t.save}
      cancelText={t.cancel}
      confirmLoading={add.isPending || edit.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      width={600}
    >
      <Form<PowerFormValues>
        form={form}
        name="power-form"
        layout="horizontal"
        labelCol={{ flex: '96px' }}
        labelWrap
        wrapperCol={{ flex: '1 1 0' }}
        className="power-entry-form"
        initialValues={initialValues}
      >
        <Form.Item name="pid" label={t.entryParent} rules={rules.pid} tooltip={isMenu ? t.catalogueHint : undefined}>
          <TreeSelect<number>
            treeData={options}
            allowClear={isMenu}
            placeholder={isMenu ? t.entryParentNone : undefined}
            treeDefaultExpandAll
            showSearch
            treeNodeFilterProp="title"
            virtual={false}
            styles={{ popup: { root: { maxHeight: 360, overflow: 'auto' } } }}
          />
        </Form.Item>
        <Form.Item name="name" label={t.entryName} rules={rules.name}>
          <Input maxLength={40} showCount autoFocus />
        </Form.Item>
        <Form.Item name="name_en" label={t.entryNameEn} rules={rules.name_en} tooltip={t.entryNameEnHelp}>
          <Input maxLength={60} showCount />
        </Form.Item>
        {isMenu ? (
          <Form.Item name="path" label={t.entryPath} rules={rules.path} tooltip={pathFixed ? t.entryPathFixed : undefined}>
            <Input placeholder={t.entryPathPlaceholder} maxLength={200} disabled={pathFixed} />
          </Form.Item>
        ) : (
          <Form.Item name="code" label={t.entryCode} rules={rules.code} tooltip={node ? t.entryCodeFixed : undefined}>
            <Input placeholder={t.entryCodePlaceholder} maxLength={100} className="power-code-input" disabled={node !== null} />
          </Form.Item>
        )}
        {isMenu && (
          <Form.Item name="icon" label={t.entryIcon}>
            <Select
              allowClear
              showSearch
              placeholder={t.entryIconPlaceholder}
              options={MENU_ICON_NAMES.map((name) => ({
                value: name,
                label: (
                  <span className="power-icon-option">
                    {menuIcon(name)} {name}
                  </span>
                ),
                title: name,
              }))}
              optionFilterProp="title"
            />
          </Form.Item>
        )}
        <Form.Item name="sort" label={t.entrySort} tooltip={t.entrySortHelp}>
          <InputNumber min={0} max={100_000} precision={0} className="power-sort-input" />
        </Form.Item>
        {isMenu && (
          <Flex gap={32}>
            <Form.Item name="hidden" label={t.entryHidden} valuePropName="checked" tooltip={t.entryHiddenHelp}>
              <Switch />
            </Form.Item>
            <Form.Item name="no_cache" label={t.entryNoCache} valuePropName="checked" tooltip={t.entryNoCacheHelp} labelCol={{ flex: 'none' }}>
              <Switch />
            </Form.Item>
          </Flex>
        )}
      </Form>
    </Modal>
  );
}
