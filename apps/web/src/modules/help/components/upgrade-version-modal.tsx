import { versionNumberField, type UpgradeLogEntry } from '@juqi/contract';
import { DatePicker, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { todayIn, useTimeZone } from '../../../lib/date-time';
import { format, useMessages } from '../../../lib/i18n';
import { useAddUpgradeVersion } from '../api/add-upgrade-version';
import { useEditUpgradeVersion } from '../api/edit-upgrade-version';
import { helpMessages } from '../messages';
import { HelpEditor } from './help-editor';
import { HelpFormModal } from './help-form-modal';

interface Values {
  name: string;
  version_number: string;
  up_time: Dayjs | null;
  content: string;
}

const FIELDS = ['name', 'version_number', 'up_time', 'content'] as const;

/** Creates or edits a version of the upgrade log. Mounted while open, so each opening starts fresh. */
export function UpgradeVersionModal({ entry, onClose }: { entry: UpgradeLogEntry | null; onClose: () => void }) {
  const t = useMessages(helpMessages);
  const zone = useTimeZone();
  const add = useAddUpgradeVersion();
  const edit = useEditUpgradeVersion();

  const save = (values: Values) => {
    const body = {
      name: values.name.trim(),
      version_number: values.version_number.trim(),
      up_time: values.up_time!.format('YYYY-MM-DD'),
      content: values.content ?? '',
    };
    return entry ? edit.mutateAsync({ id: entry.id, ...body }) : add.mutateAsync(body);
  };

  return (
    <HelpFormModal<Values>
      title={entry ? t.versionEdit : t.versionCreate}
      name="upgrade-version-form"
      initialValues={{
        name: entry?.name ?? '',
        version_number: entry?.version_number ?? '',
        // A new version is dated today as the platform's zone counts days.
        up_time: dayjs(entry ? entry.up_time : todayIn(zone)),
        content: entry?.content ?? '',
      }}
      fields={FIELDS}
      conflicts={{ version_number: t.versionNumberTaken }}
      saving={add.isPending || edit.isPending}
      save={save}
      onClose={onClose}
    >
      <Form.Item
        name="version_number"
        label={t.versionNumber}
        rules={[
          { required: true, whitespace: true, message: t.versionNumberRequired },
          {
            validator: (_, value: string) =>
              !value?.trim() || versionNumberField.safeParse(value).success ? Promise.resolve() : Promise.reject(new Error(t.versionNumberInvalid)),
          },
        ]}
      >
        <Input placeholder={t.versionNumberPlaceholder} maxLength={30} autoFocus />
      </Form.Item>
      <Form.Item
        name="name"
        label={t.versionName}
        rules={[
          { required: true, whitespace: true, message: t.nameRequired },
          { max: 60, message: format(t.tooLong, { max: 60 }) },
        ]}
      >
        <Input placeholder={t.versionNamePlaceholder} maxLength={60} showCount />
      </Form.Item>
      <Form.Item name="up_time" label={t.upTime} rules={[{ required: true, message: t.upTimeRequired }]}>
        <DatePicker format="YYYY-MM-DD" allowClear={false} className="help-date" />
      </Form.Item>
      <Form.Item name="content" label={t.versionContent}>
        <HelpEditor aria-label={t.versionContent} placeholder={t.versionContentPlaceholder} />
      </Form.Item>
    </HelpFormModal>
  );
}
