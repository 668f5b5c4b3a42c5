import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { FIELD_DEFINITION_LIMITS } from '@juqi/contract';
import { Button, Checkbox, Flex, Form, Input, Select } from 'antd';
import { useMessages } from '../../../lib/i18n';
import { emptyTexts, type ContractRule } from '../definition-values';
import { fieldMessages, fieldTypeNames, typeGroupNames } from '../messages';
import type { NamePath } from '../../../lib/form-errors';
import { TYPE_GROUPS } from '../type-groups';

/**
 * The groups a detail table's column may take: value types, less the table itself, layout, and the choices (a column
 * here is key, type, name and required; options have no editor at this level).
 */
const COLUMN_GROUPS = (['basic', 'date', 'records', 'files', 'place'] as const).map((group) => [group, TYPE_GROUPS[group]] as const);

/** A detail table's columns: a row each, with its key, type, name in both languages and whether it is required. */
export function SubFieldList({ disabled, rule }: { disabled: boolean; rule: (path: NamePath) => ContractRule }) {
  const t = useMessages(fieldMessages);
  const names = useMessages(fieldTypeNames);
  const groups = useMessages(typeGroupNames);
  const typeOptions = COLUMN_GROUPS.map(([group, types]) => ({ label: groups[group], title: groups[group], options: types.map((type) => ({ value: type, label: names[type] })) }));
  return (
    <Form.List name="sub_fields" rules={[rule(['sub_fields'])]}>
      {(rows, { add, remove }, { errors }) => (
        <div className="field-options">
          {rows.map((row, index) => {
            const position = index + 1;
            const text = (key: NamePath, label: string, maxLength?: number) => (
              <Form.Item name={[row.name, ...key]} rules={[rule(['sub_fields', row.name, ...key])]} validateTrigger="onBlur" className="field-options__cell">
                <Input aria-label={`${label} ${position}`} placeholder={label} disabled={disabled} maxLength={maxLength} />
              </Form.Item>
            );
            return (
              <Flex key={row.key} gap={8} align="start" wrap className="field-options__row field-options__option">
                {text(['key'], t.subKey)}
                <Form.Item name={[row.name, 'type']} className="field-options__cell">
                  <Select aria-label={`${t.subType} ${position}`} options={typeOptions} disabled={disabled} showSearch={{ optionFilterProp: 'label' }} />
                </Form.Item>
                {text(['label', 'zh-CN'], t.subLabelZh, FIELD_DEFINITION_LIMITS.label)}
                {text(['label', 'en-US'], t.subLabelEn, FIELD_DEFINITION_LIMITS.label)}
                <Form.Item name={[row.name, 'required']} valuePropName="checked">
                  <Checkbox disabled={disabled}>{t.required}</Checkbox>
                </Form.Item>
                <Button type="text" icon={<MinusCircleOutlined aria-hidden />} aria-label={`${t.removeSubField} ${position}`} disabled={disabled} onClick={() => remove(row.name)} />
              </Flex>
            );
          })}
          <Form.ErrorList errors={errors} />
          <Button type="dashed" icon={<PlusOutlined aria-hidden />} disabled={disabled} onClick={() => add({ key: '', type: 'text', label: emptyTexts(), required: false })}>
            {t.addSubField}
          </Button>
        </div>
      )}
    </Form.List>
  );
}
