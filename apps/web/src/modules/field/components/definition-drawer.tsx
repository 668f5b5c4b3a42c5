import {
  ALL_FIELD_PERMISSIONS,
  decodeFieldPermission,
  FIELD_DEFINITION_LIMITS,
  fieldFormCalls,
  fieldTypes,
  RESERVED_FIELD_KEYS,
  type FieldDefinitionRow,
  type FieldForm,
  type FieldType,
} from '@juqi/contract';
import { App, Button, ConfigProvider, Flex, Form, Input, InputNumber, Select, Space, Switch, Typography, type FormRule } from 'antd';
import { useState } from 'react';
import { ConfirmCloseDrawer, DrawerCloseButton } from '../../../components/confirm-close-drawer';
import { FieldFormItem } from '../../../components/fields';
import { useCallMutation } from '../../../lib/call-hooks';
import { format, useMessages } from '../../../lib/i18n';
import { usePreferences } from '../../../lib/preferences';
import { definitionReads } from '../api/keys';
import {
  blankOption,
  defaultLabel,
  definitionIssues,
  definitionIssueText,
  definitionOf,
  draftOf,
  emptyTexts,
  issueAt,
  valuesOf,
  type ContractRule,
  type DefinitionValues,
} from '../definition-values';
import { fieldMessages, fieldTypeNames, typeGroupNames } from '../messages';
import type { NamePath } from '../../../lib/form-errors';
import { fieldAt, showRefusal } from '../refusals';
import { hasOptions, TYPE_GROUPS } from '../type-groups';
import { OptionList } from './option-list';
import { SubFieldList } from './sub-field-list';

interface DefinitionDrawerProps {
  fieldForm: FieldForm;
  /** The field to edit; null adds one. */
  definition: FieldDefinitionRow | null;
  onClose: () => void;
}

/**
 * Adds a field to a form, or edits one. Key and type are chosen once, when the field is made. Each control is checked
 * by the contract's `fieldDefinition` (the whole definition, the issue at that control worded); a control whose flag
 * the permission byte has off is disabled with a note, and the server's refusal of a save shows on the control it
 * names. Mounted while open, so each opening starts from the stored field.
 */
export function DefinitionDrawer({ fieldForm, definition, onClose }: DefinitionDrawerProps) {
  const t = useMessages(fieldMessages);
  const names = useMessages(fieldTypeNames);
  const groups = useMessages(typeGroupNames);
  const language = usePreferences((s) => s.language);
  const { message } = App.useApp();
  const [form] = Form.useForm<DefinitionValues>();
  const [initial] = useState(() => valuesOf(definition));
  const add = useCallMutation(fieldFormCalls[fieldForm].definitionAdd, definitionReads(fieldForm));
  const edit = useCallMutation(fieldFormCalls[fieldForm].definitionEdit, definitionReads(fieldForm));
  const flags = decodeFieldPermission(definition?.permission ?? ALL_FIELD_PERMISSIONS);
  const watched = Form.useWatch([], { form, preserve: true }) as DefinitionValues | undefined;
  const current = definitionOf(watched ?? initial, definition);
  const type = (watched ?? initial).type;
  const entry = type ? fieldTypes[type] : null;
  const adding = definition === null;

  /** The contract's rule at `path`: the whole definition is checked, and its issue there worded. */
  const rule = (path: NamePath): ContractRule => ({
    validator: async () => {
      const described = definitionOf(form.getFieldsValue(true), definition);
      const issue = issueAt(definitionIssues(described), path);
      if (issue) throw new Error(definitionIssueText(issue, draftOf(described), language));
    },
  });
  const reserved: FormRule = {
    validator: async (_, key: string | undefined) => {
      const typed = key?.trim() ?? '';
      if ((RESERVED_FIELD_KEYS as readonly string[]).includes(typed)) throw new Error(format(t.keyReserved, { key: typed }));
    },
  };
  const lock = (allowed: boolean) => (allowed ? undefined : t.locked);

  const typeOptions = Object.entries(TYPE_GROUPS).map(([group, types]) => ({
    label: groups[group as keyof typeof groups],
    title: groups[group as keyof typeof groups],
    options: types.map((option) => ({ value: option, label: names[option] })),
  }));

  /** A new type holds values of another shape: the default goes, and options or columns start with one row. */
  const changeType = (next: FieldType) => {
    const values = form.getFieldsValue(true) as DefinitionValues;
    form.setFieldsValue({
      default: undefined,
      ...(hasOptions(next) && !values.options?.length && { options: [blankOption()] }),
      ...(next === 'detail_table' && !values.sub_fields?.length && { sub_fields: [{ key: '', type: 'text', label: emptyTexts(), required: false }] }),
      ...(next === 'desc_text' && !values.description && { description: emptyTexts() }),
    });
  };

  const submit = async () => {
    const valid = await form.validateFields().then(
      () => true,
      () => false,
    );
    const described = definitionOf(form.getFieldsValue(true), definition);
    const issues = definitionIssues(described);
    if (issues.length) {
      // What no control's own rule shows (the order of the bounds) goes beside the nearest control.
      const shown = new Set<string>();
      form.setFields(
        issues.flatMap((issue) => {
          const target = fieldAt(form, issue.path);
          if (!target || shown.has(JSON.stringify(target))) return [];
          shown.add(JSON.stringify(target));
          return [{ name: target, errors: [definitionIssueText(issue, draftOf(described), language)] }];
        }),
      );
      return;
    }
    if (!valid) return;
    const { sort: _sort, permission: _permission, ...body } = described;
    try {
      if (definition) await edit.mutateAsync({ id: definition.id, ...body, ...(fieldTypes[body.type].holdsValue && { default: body.default ?? null }) });
      else await add.mutateAsync(body);
      void message.success(t.fieldSaved);
      onClose();
    } catch (error) {
      showRefusal(form, error, { key: t.keyTaken });
    }
  };

  return (
    <ConfirmCloseDrawer
      open
      size={720}
      title={definition ? format(t.editTitle, { name: definition.label[language] }) : t.addTitle}
      onClose={onClose}
      unsaved={() => form.isFieldsTouched()}
      destroyOnHidden
      footer={
        <Flex justify="flex-end">
          <Space>
            <DrawerCloseButton>{t.cancel}</DrawerCloseButton>
            <Button type="primary" loading={add.isPending || edit.isPending} onClick={() => void submit()}>
              {t.save}
            </Button>
          </Space>
        </Flex>
      }
    >
      <Form<DefinitionValues>
        form={form}
        layout="vertical"
        name={`field-definition-${fieldForm}`}
        initialValues={initial}
        onValuesChange={(changed: DefinitionValues) => changed.type && changeType(changed.type)}
        className="field-definition"
      >
        <Flex gap={16} wrap className="field-definition__pair">
          <Form.Item name="key" label={t.key} required extra={adding ? t.keyHint : t.keyFixed} rules={[rule(['key']), reserved]} validateTrigger="onBlur">
            <Input disabled={!adding} autoFocus={adding} autoComplete="off" />
          </Form.Item>
          <Form.Item name="type" label={t.type} required extra={adding ? undefined : t.typeFixed} rules={[{ required: true, message: t.chooseType }]}>
            <Select<FieldType> disabled={!adding} options={typeOptions} placeholder={t.chooseType} showSearch={{ optionFilterProp: 'label' }} />
          </Form.Item>
        </Flex>
        <Flex gap={16} wrap className="field-definition__pair">
          <Form.Item name={['label', 'zh-CN']} label={t.labelZh} required extra={lock(flags.nameEdit)} rules={[rule(['label', 'zh-CN'])]} validateTrigger="onBlur">
            <Input disabled={!flags.nameEdit} showCount maxLength={FIELD_DEFINITION_LIMITS.label} />
          </Form.Item>
          <Form.Item name={['label', 'en-US']} label={t.labelEn} required extra={lock(flags.nameEdit)} rules={[rule(['label', 'en-US'])]} validateTrigger="onBlur">
            <Input disabled={!flags.nameEdit} showCount maxLength={FIELD_DEFINITION_LIMITS.label} />
          </Form.Item>
        </Flex>

        {type === 'desc_text' && (
          <>
            <Form.Item name={['description', 'zh-CN']} label={t.descriptionZh} required extra={lock(flags.nameEdit)} rules={[rule(['description', 'zh-CN'])]} validateTrigger="onBlur">
              <Input.TextArea disabled={!flags.nameEdit} autoSize={{ minRows: 2, maxRows: 6 }} showCount maxLength={FIELD_DEFINITION_LIMITS.description} />
            </Form.Item>
            <Form.Item name={['description', 'en-US']} label={t.descriptionEn} required extra={lock(flags.nameEdit)} rules={[rule(['description', 'en-US'])]} validateTrigger="onBlur">
              <Input.TextArea disabled={!flags.nameEdit} autoSize={{ minRows: 2, maxRows: 6 }} showCount maxLength={FIELD_DEFINITION_LIMITS.description} />
            </Form.Item>
          </>
        )}

        <Flex gap={24} wrap className="field-definition__flags">
          {entry?.holdsValue !== false && (
            <>
              <Form.Item name="required" label={t.required} valuePropName="checked" extra={lock(flags.nullEdit)}>
                <Switch disabled={!flags.nullEdit} />
              </Form.Item>
              <Form.Item name="unique" label={t.unique} valuePropName="checked" extra={lock(flags.uniqueEdit)}>
                <Switch disabled={!flags.uniqueEdit} />
              </Form.Item>
            </>
          )}
          <Form.Item name="hidden" label={t.hidden} valuePropName="checked" extra={lock(flags.hiddenEdit)}>
            <Switch disabled={!flags.hiddenEdit} />
          </Form.Item>
        </Flex>

        {type && hasOptions(type) && (
          <Form.Item label={t.options} required extra={lock(flags.optionsEdit) ?? format(t.optionsHint, { max: FIELD_DEFINITION_LIMITS.options, length: FIELD_DEFINITION_LIMITS.optionText })}>
            <OptionList path={['options']} name={['options']} nested={type === 'cascader'} disabled={!flags.optionsEdit} rule={rule} />
          </Form.Item>
        )}

        {type === 'detail_table' && (
          <Form.Item label={t.subFields} required extra={lock(flags.optionsEdit)}>
            <SubFieldList disabled={!flags.optionsEdit} rule={rule} />
          </Form.Item>
        )}

        {entry?.quantity && (
          <Flex gap={16} wrap className="field-definition__pair">
            <Form.Item name="extend_quantity_min" label={t.quantityMin} extra={t.quantityHint} rules={[rule(['extend_quantity_min'])]}>
              <InputNumber min={0} precision={0} className="field-definition__number" />
            </Form.Item>
            <Form.Item name="extend_quantity_max" label={t.quantityMax} extra={t.quantityHint} rules={[rule(['extend_quantity_max'])]}>
              <InputNumber min={0} precision={0} className="field-definition__number" />
            </Form.Item>
          </Flex>
        )}

        {type && entry?.holdsValue && (
          <>
            {/* The default is given with the type's own editor and checked by its own rule. */}
            <ConfigProvider componentDisabled={!flags.defaultEdit}>
              <FieldFormItem key={type} definition={{ ...draftOf(current), key: 'default', label: defaultLabel, required: false }} />
            </ConfigProvider>
            {!flags.defaultEdit && <Typography.Text type="secondary">{t.locked}</Typography.Text>}
          </>
        )}
      </Form>
    </ConfirmCloseDrawer>
  );
}
