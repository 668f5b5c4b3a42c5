import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { FIELD_DEFINITION_LIMITS } from '@juqi/contract';
import { Button, Flex, Form, Input } from 'antd';
import { useMessages } from '../../../lib/i18n';
import { blankOption, type ContractRule, type OptionValues } from '../definition-values';
import { fieldMessages } from '../messages';
import type { NamePath } from '../../../lib/form-errors';

interface OptionListProps {
  /** Where the list is in the form (`['options']`, then `['options', 0, 'children']` …). */
  path: NamePath;
  /** Its name inside the list around it (relative, as antd's nested lists take it); the path at the top. */
  name: NamePath;
  /** A cascader's options have children: each row can add its own. */
  nested: boolean;
  disabled: boolean;
  rule: (path: NamePath) => ContractRule;
}

/**
 * The options of a select, checkbox or cascader: a row per option (its stored value, its Chinese name and, if wanted, an
 * English one), rows added and removed; a cascader's rows hold their children indented beneath them.
 */
export function OptionList({ path, name, nested, disabled, rule }: OptionListProps) {
  const t = useMessages(fieldMessages);
  const form = Form.useFormInstance();
  const top = path.length === 1;
  return (
    <Form.List name={name} rules={top ? [rule(path)] : undefined}>
      {(rows, { add, remove }, { errors }) => (
        <div className={top ? 'field-options' : 'field-options field-options--children'}>
          {rows.map((row, index) => {
            const at = [...path, row.name];
            const position = top ? String(index + 1) : `${path.filter((part) => typeof part === 'number').map((n) => Number(n) + 1).join('.')}.${index + 1}`;
            const cell = (key: NamePath, label: string, placeholder = label) => (
              <Form.Item name={[row.name, ...key]} rules={[rule([...at, ...key])]} validateTrigger="onBlur" className="field-options__cell">
                <Input aria-label={`${label} ${position}`} placeholder={placeholder} disabled={disabled} maxLength={FIELD_DEFINITION_LIMITS.optionText} />
              </Form.Item>
            );
            return (
              <div key={row.key} className="field-options__option">
                <Flex gap={8} align="start" wrap className="field-options__row">
                  {cell(['value'], t.optionValue)}
                  {cell(['label', 'zh-CN'], t.optionLabelZh)}
                  {cell(['label', 'en-US'], t.optionLabelEn, t.optionLabelEnHint)}
                  {nested && (
                    <Button
                      type="link"
                      size="small"
                      icon={<PlusOutlined aria-hidden />}
                      disabled={disabled}
                      onClick={() => form.setFieldValue([...at, 'children'], [...((form.getFieldValue([...at, 'children']) as OptionValues[] | undefined) ?? []), blankOption()])}
                    >
                      {t.addChildOption}
                    </Button>
                  )}
                  <Button
                    type="text"
                    icon={<MinusCircleOutlined aria-hidden />}
                    aria-label={`${t.removeOption} ${position}`}
                    disabled={disabled}
                    onClick={() => remove(row.name)}
                  />
                </Flex>
                {nested && <OptionList path={[...at, 'children']} name={[row.name, 'children']} nested disabled={disabled} rule={rule} />}
              </div>
            );
          })}
          {top && (
            <>
              <Form.ErrorList errors={errors} />
              <Button type="dashed" icon={<PlusOutlined aria-hidden />} disabled={disabled} onClick={() => add(blankOption())}>
                {t.addOption}
              </Button>
            </>
          )}
        </div>
      )}
    </Form.List>
  );
}
