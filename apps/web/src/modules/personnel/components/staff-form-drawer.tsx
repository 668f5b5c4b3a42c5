import {
  personnelCalls,
  STAFF_GENDERS,
  STAFF_NAME_MAX,
  STAFF_POST_MAX,
  type CallBody,
  type DepartmentNode,
  type FieldDefinitionRow,
  type StaffDetails,
} from '@juqi/contract';
import { App, Button, DatePicker, Divider, Flex, Form, Input, Radio, Select, Spin, TreeSelect } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { ConfirmCloseDrawer, useUnsavedChanges } from '../../../components/confirm-close-drawer';
import { FieldFormItem } from '../../../components/fields';
import { commonMessages } from '../../../components/messages';
import { useNarrowScreen } from '../../../components/narrow-screen';
import { useCallMutation, useCallQuery } from '../../../lib/call-hooks';
import { showOnField } from '../../../lib/form-errors';
import { format, useMessages } from '../../../lib/i18n';
import { usePreferences } from '../../../lib/preferences';
import { useCan } from '../../../lib/shell-session';
import { useStaffFormFields } from '../api/form-fields';
import { STAFF_READS } from '../api/keys';
import { useCompanies } from '../api/staff';
import { personnelMessages } from '../messages';
import { departmentOptions } from '../../../lib/department-options';
import { genderName, statusOptions } from './vocabulary';

const DAY = 'YYYY-MM-DD';
const DAY_PROPERTIES = ['report_time', 'probation_end', 'contract_start', 'contract_end', 'leaving_date'] as const;
type DayProperty = (typeof DAY_PROPERTIES)[number];
const TEXT_PROPERTIES = ['name', 'id_card', 'mobile', 'email', 'post', 'emergency_contact', 'emergency_mobile'] as const;
/** The record's own properties the form edits: a refusal naming one shows on it. */
const RECORD_FIELDS = [...TEXT_PROPERTIES, 'gender', 'company_id', 'department_id', 'status', ...DAY_PROPERTIES];

type StaffAddBody = CallBody<typeof personnelCalls.add>;
type RecordValues = Omit<StaffAddBody, DayProperty | 'extra'> & Partial<Record<DayProperty, Dayjs | null>>;
type CustomValues = Record<string, unknown>;

interface StaffFormDrawerProps {
  /** The record edited; none: a new one. */
  id: number | null;
  departments: DepartmentNode[] | undefined;
  onClose: () => void;
}

/**
 * 新增 / 编辑员工: the record's own properties, then the admin-defined fields of form personnel_info drawn by the field
 * engine. The two are separate forms, so a custom field's key never meets a property of the same name. A refusal naming
 * a property or a custom field shows on it. Closing it after changing either asks first.
 */
export function StaffFormDrawer({ id, departments, onClose }: StaffFormDrawerProps) {
  const t = useMessages(personnelMessages);
  const details = useCallQuery(personnelCalls.details, id === null ? null : { id });
  const fields = useStaffFormFields();
  const narrow = useNarrowScreen();
  const loading = (id !== null && !details.data) || (!fields.data && !fields.isError);
  return (
    <ConfirmCloseDrawer open size={narrow ? '100%' : 640} title={id === null ? t.addTitle : format(t.editTitle, { name: details.data?.name ?? '' })} onClose={onClose} destroyOnHidden>
      {loading ? (
        <Flex justify="center">
          <Spin />
        </Flex>
      ) : (
        <StaffForm record={details.data ?? null} custom={fields.data?.custom ?? []} required={fields.data?.required ?? new Set()} departments={departments} onDone={onClose} />
      )}
    </ConfirmCloseDrawer>
  );
}

interface StaffFormProps {
  record: StaffDetails | null;
  /** The admin-defined fields of form personnel_info, in order. */
  custom: FieldDefinitionRow[];
  required: Set<string>;
  departments: DepartmentNode[] | undefined;
  onDone: () => void;
}

const emptyToNull = (value: unknown) => (value === undefined || (typeof value === 'string' && value.trim() === '') ? null : value);

function initialRecord(record: StaffDetails | null): Partial<RecordValues> {
  if (!record) return { gender: 'unknown', status: 'candidate' };
  const days = Object.fromEntries(DAY_PROPERTIES.map((key) => [key, record[key] ? dayjs(record[key]) : null]));
  return {
    ...Object.fromEntries(TEXT_PROPERTIES.map((key) => [key, record[key] ?? undefined])),
    gender: record.gender,
    company_id: record.company_id,
    department_id: record.department_id,
    ...days,
  };
}

function StaffForm({ record, custom, required, departments, onDone }: StaffFormProps) {
  const t = useMessages(personnelMessages);
  const c = useMessages(commonMessages);
  const language = usePreferences((s) => s.language);
  const { message } = App.useApp();
  const [recordForm] = Form.useForm<RecordValues>();
  const [customForm] = Form.useForm<CustomValues>();
  const companies = useCompanies();
  const add = useCallMutation(personnelCalls.add, STAFF_READS);
  const edit = useCallMutation(personnelCalls.edit, STAFF_READS);
  // Only staff who may see whole numbers write them (the server refuses others: docs/personnel.md › Identity card
  // numbers); a masked number stays as stored.
  const mayWriteIdCard = useCan()('personnel.id_card.view');
  const idCardKept = record?.id_card_masked === true || !mayWriteIdCard;
  const customKeys = custom?.map((definition) => definition.key) ?? [];
  // The custom form is drawn only when there are custom fields.
  useUnsavedChanges(() => recordForm.isFieldsTouched() || (customKeys.length > 0 && customForm.isFieldsTouched()));
  const taken = Object.fromEntries((custom ?? []).filter((definition) => definition.unique).map((definition) => [definition.key, format(c.taken, { label: definition.label[language] })]));
  const initialCustom = record
    ? record.extra
    : Object.fromEntries((custom ?? []).filter((definition) => definition.default !== undefined).map((definition) => [definition.key, definition.default]));

  const item = (name: (typeof TEXT_PROPERTIES)[number], label: string, max: number, props: { inputMode?: 'tel' | 'email' } = {}) => (
    <Form.Item name={name} label={label} rules={[{ required: required.has(name) || name === 'name', whitespace: true }, { max }]}>
      <Input maxLength={max} allowClear inputMode={props.inputMode} />
    </Form.Item>
  );
  const day = (name: DayProperty, label: string) => (
    <Form.Item name={name} label={label} rules={[{ required: required.has(name) }]}>
      <DatePicker className="staff-form__date" />
    </Form.Item>
  );

  const save = async () => {
    const [own, extra] = await Promise.all([
      recordForm.validateFields().catch(() => null),
      // The custom form is drawn only when there are custom fields.
      customKeys.length ? customForm.validateFields().catch(() => null) : Promise.resolve({}),
    ]);
    if (!own || !extra) return;
    const properties = Object.fromEntries(
      Object.entries(own).map(([key, value]) => [key, dayjs.isDayjs(value) ? value.format(DAY) : emptyToNull(value)]),
    ) as Omit<StaffAddBody, 'extra'>;
    if (idCardKept) delete properties.id_card;
    try {
      if (record) {
        const { status: _status, ...changes } = properties;
        await edit.mutateAsync({ id: record.id, ...changes, extra });
      } else await add.mutateAsync({ ...properties, extra });
      void message.success(t.saved);
      onDone();
    } catch (error) {
      if (!showOnField(recordForm, error, RECORD_FIELDS)) showOnField(customForm, error, customKeys, taken);
    }
  };

  return (
    <Flex vertical gap={8} className="staff-form">
      <Form<RecordValues> form={recordForm} layout="vertical" name="staff-record" initialValues={initialRecord(record)} className="staff-form__grid">
        {item('name', t.colName, STAFF_NAME_MAX)}
        <Form.Item name="gender" label={t.gender}>
          <Radio.Group options={STAFF_GENDERS.map((gender) => ({ value: gender, label: genderName(gender, language) }))} />
        </Form.Item>
        {idCardKept ? (
          <Form.Item label={t.idCard} extra={record?.id_card_masked ? t.idCardKept : t.idCardNeedsOperation}>
            <Input aria-label={t.idCard} value={record?.id_card ?? ''} disabled />
          </Form.Item>
        ) : (
          item('id_card', t.idCard, 18)
        )}
        {item('mobile', t.mobile, 20, { inputMode: 'tel' })}
        {item('email', t.email, 100, { inputMode: 'email' })}
        <Form.Item name="company_id" label={t.company}>
          <Select<number> allowClear options={companies.data?.map((company) => ({ value: company.id, label: company.name }))} />
        </Form.Item>
        <Form.Item name="department_id" label={t.department}>
          <TreeSelect<number> allowClear showSearch treeNodeFilterProp="title" treeDefaultExpandAll treeData={departmentOptions(departments ?? [])} />
        </Form.Item>
        {item('post', t.post, STAFF_POST_MAX)}
        {!record && (
          <Form.Item name="status" label={t.status}>
            <Select options={statusOptions(language)} />
          </Form.Item>
        )}
        {day('report_time', t.reportTime)}
        {day('probation_end', t.probationEnd)}
        {day('contract_start', t.contractStart)}
        {day('contract_end', t.contractEnd)}
        {record && day('leaving_date', t.leavingDate)}
        {item('emergency_contact', t.emergencyContact, STAFF_NAME_MAX)}
        {item('emergency_mobile', t.emergencyMobile, 20, { inputMode: 'tel' })}
      </Form>
      {custom.length > 0 && (
        <>
          <Divider titlePlacement="start">{t.customFields}</Divider>
          <Form<CustomValues> form={customForm} layout="vertical" name="staff-custom" initialValues={initialCustom}>
            {custom.map((definition) => (
              <FieldFormItem key={definition.key} definition={definition} />
            ))}
          </Form>
        </>
      )}
      <Flex justify="flex-end" gap={8} className="staff-form__actions">
        <Button type="primary" loading={add.isPending || edit.isPending} onClick={() => void save()}>
          {c.save}
        </Button>
      </Flex>
    </Flex>
  );
}
