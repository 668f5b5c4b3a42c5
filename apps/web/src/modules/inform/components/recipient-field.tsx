import { TeamOutlined } from '@ant-design/icons';
import { informCalls, type NotificationTarget } from '@juqi/contract';
import { Button, Form, Radio, Select, Spin } from 'antd';
import { useState } from 'react';
import { useCallQuery } from '../../../lib/call-hooks';
import { useDebounced } from '../../../lib/use-debounced';
import { format, useMessages } from '../../../lib/i18n';
import { useCan } from '../../../lib/shell-session';
import { UserSelectDrawer, type ConfirmedUserSelection } from '../../user';
import { informMessages } from '../messages';

export interface StaffChoice {
  value: number;
  label: string;
}

/** Form values of the recipients: everyone, or the chosen staff (with their names, kept while searching). */
export interface RecipientValues {
  target: 'all' | 'staff';
  staff_ids: StaffChoice[];
}

/** A message notification's recipients: those of `RecipientValues`, or the marketplace's users chosen in the drawer. */
export interface NotificationRecipientValues {
  target: NotificationTarget;
  staff_ids: StaffChoice[];
  /** With target users: what the user-select drawer confirmed, the selection and how many users it stands for. */
  selection: ConfirmedUserSelection | null;
}

export const recipientBody = (values: RecipientValues) => ({
  target: values.target,
  staff_ids: values.target === 'staff' ? values.staff_ids.map((s) => s.value) : [],
});

/** The form's rules make sure a selection was confirmed before target users is sent. */
export const notificationRecipientBody = ({ target, staff_ids, selection }: NotificationRecipientValues) =>
  target === 'users' ? { target, selection: selection!.selection } : recipientBody({ target, staff_ids });

function StaffPicker({ value, onChange, id }: { value?: StaffChoice[]; onChange?: (v: StaffChoice[]) => void; id?: string }) {
  const t = useMessages(informMessages);
  const [typed, setTyped] = useState('');
  const keyword = useDebounced(typed.trim());
  // Active staff whose name or staff number matches what is typed.
  const options = useCallQuery(informCalls.staffOptions, { keyword: keyword || undefined }, { staleTime: 30_000 });
  return (
    <Select<StaffChoice[]>
      id={id}
      mode="multiple"
      labelInValue
      showSearch={{ filterOption: false, onSearch: setTyped }}
      value={value}
      onChange={(next) => onChange?.(next)}
      placeholder={t.staffPlaceholder}
      notFoundContent={options.isFetching ? <Spin size="small" /> : undefined}
      options={(options.data ?? []).map((s) => ({ value: s.id, label: `${s.name}（${s.staff_num}）` }))}
      aria-label={t.targetStaff}
    />
  );
}

/** 选择用户, then 已选 N 人: opens the user-select drawer on the current choice. */
function UserPicker({ value, onChange, id }: { value?: ConfirmedUserSelection | null; onChange?: (v: ConfirmedUserSelection) => void; id?: string }) {
  const t = useMessages(informMessages);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button id={id} icon={<TeamOutlined />} onClick={() => setOpen(true)}>
        {value ? format(t.usersChosen, { count: value.count.toLocaleString() }) : t.chooseUsers}
      </Button>
      <UserSelectDrawer
        open={open}
        value={value?.selection}
        onConfirm={(confirmed) => {
          onChange?.(confirmed);
          setOpen(false);
        }}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

/**
 * 接收人: all staff, or chosen staff searched by name or staff number; with `offerUsers` (message notifications) also
 * the marketplace's users chosen in the user-select drawer, offered to staff who may use the drawer.
 */
export function RecipientField({ offerUsers = false }: { offerUsers?: boolean }) {
  const t = useMessages(informMessages);
  const can = useCan();
  const target = Form.useWatch<NotificationTarget>('target');
  const usersOffered = offerUsers && can('user.select.list') && can('user.select.confirm');
  return (
    <>
      <Form.Item name="target" label={t.target}>
        <Radio.Group
          options={[
            { value: 'staff', label: t.targetStaff },
            { value: 'all', label: t.targetAll },
            ...(usersOffered ? [{ value: 'users', label: t.targetUsers }] : []),
          ]}
        />
      </Form.Item>
      {target === 'users' ? (
        // No label of its own: the radio above names it, and a label would rename the button it points to.
        <Form.Item name="selection" rules={[{ required: true, type: 'object', message: t.usersRequired }]}>
          <UserPicker />
        </Form.Item>
      ) : (
        target !== 'all' && (
          <Form.Item name="staff_ids" label={t.targetStaff} rules={[{ required: true, type: 'array', min: 1, message: t.staffRequired }]}>
            <StaffPicker />
          </Form.Item>
        )
      )}
    </>
  );
}
