import { SPECIAL_DAY_KINDS, specialDay, type DayStatus } from '@juqi/contract';
import { App, Form, Input, Modal, Radio, Typography } from 'antd';
import { showOnField } from '../../../lib/form-errors';
import { format, useMessages } from '../../../lib/i18n';
import { usePreferences } from '../../../lib/preferences';
import { useAddResource, useDeleteResource, useEditResource } from '../../../lib/resource';
import { useCan } from '../../../lib/shell-session';
import { isoWeekdayOf, weekdayName } from '../days';
import { calendarMessages } from '../messages';

/** The choice besides the special-day kinds: the date follows the working week (its special day is removed). */
const NORMAL = 0;
const NAME_MAX = specialDay.fields.name.max;

interface Values {
  kind: number;
  name: string;
}

export interface DayModalProps {
  day: string;
  special: DayStatus['special'];
  /** The working week's days (1 Monday … 7 Sunday), to say what the date is without a special day. */
  workDays: readonly number[];
  onClose: () => void;
}

/**
 * One date of the calendar: what the working week makes of it, and its special day — a holiday or a make-up working day
 * with a name — which staff holding calendar.day.edit set, change or remove (back to the working week). Mounted while
 * open, so each opening starts from the date's current state.
 */
export function DayModal({ day, special, workDays, onClose }: DayModalProps) {
  const t = useMessages(calendarMessages);
  const language = usePreferences((s) => s.language);
  const can = useCan();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const add = useAddResource(specialDay);
  const edit = useEditResource(specialDay);
  const remove = useDeleteResource(specialDay);
  const editable = can('calendar.day.edit');
  const kind = Form.useWatch('kind', form) ?? special?.kind ?? NORMAL;
  const byWeek = workDays.includes(isoWeekdayOf(day)) ? t.working : t.rest;

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const name = values.name?.trim() ?? '';
    try {
      if (values.kind === NORMAL) {
        if (special) await remove.mutateAsync({ id: special.id });
      } else if (special) {
        if (special.kind !== values.kind || special.name !== name) await edit.mutateAsync({ id: special.id, kind: values.kind, name });
      } else {
        await add.mutateAsync({ day, kind: values.kind, name });
      }
      void message.success(t.daySaved);
      onClose();
    } catch (error) {
      // A date another staff marked meanwhile answers 40900, which the API client's notice explains.
      showOnField(form, error, ['name', 'kind']);
    }
  };

  return (
    <Modal
      open
      title={`${day} ${weekdayName(day, language)}`}
      okText={t.save}
      cancelText={editable ? t.cancel : t.close}
      onOk={() => void submit()}
      onCancel={onClose}
      okButtonProps={{ hidden: !editable }}
      confirmLoading={add.isPending || edit.isPending || remove.isPending}
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{format(t.byWorkWeek, { status: byWeek })}</Typography.Paragraph>
      <Form<Values>
        form={form}
        layout="vertical"
        name="calendar-day"
        disabled={!editable}
        initialValues={{ kind: special?.kind ?? NORMAL, name: special?.name ?? '' }}
      >
        <Form.Item name="kind" label={t.setAs}>
          <Radio.Group
            options={[
              { value: NORMAL, label: format(t.normal, { status: byWeek }) },
              { value: SPECIAL_DAY_KINDS.holiday, label: t.holiday },
              { value: SPECIAL_DAY_KINDS.workday, label: t.makeUpDay },
            ]}
          />
        </Form.Item>
        {kind !== NORMAL && (
          <Form.Item
            name="name"
            label={t.name}
            rules={[
              { required: true, whitespace: true, message: t.nameRequired },
              { max: NAME_MAX, message: t.nameTooLong },
            ]}
          >
            <Input maxLength={NAME_MAX} showCount placeholder={kind === SPECIAL_DAY_KINDS.holiday ? t.holidayPlaceholder : t.makeUpPlaceholder} />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
