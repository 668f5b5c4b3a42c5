import {
  announcementClasses,
  closeTypes,
  hintStates,
  popupLocations,
  TOAST_CLASSES,
  type AnnouncementClass,
  type CloseType,
  type HintState,
  type PopupLocation,
} from '@juqi/contract';
import { Checkbox, Form, Input, InputNumber, Select } from 'antd';
import { RichTextEditor } from '../../../components/rich-text-editor';
import { useMessages } from '../../../lib/i18n';
import { useEditorUploads } from '../../../lib/upload';
import { classLabels, closeTypeLabels, hintLabels, informMessages, locationLabels } from '../messages';
import { ImageField } from './image-field';

/** The display fields of a pop-up, as a form holds them. */
export interface PopupFormValues {
  class: AnnouncementClass;
  title: string;
  content: string;
  img: string;
  hint_state: HintState;
  close_type: CloseType[];
  duration: number;
  location: PopupLocation;
}

export const POPUP_FIELDS = ['class', 'title', 'content', 'img', 'hint_state', 'close_type', 'duration', 'location'] as const;

export const popupDefaults: PopupFormValues = {
  class: 'Dialog',
  title: '',
  content: '',
  img: '',
  hint_state: 'info',
  close_type: ['button_close', 'right_button_close'],
  duration: 0,
  location: 'center',
};

/** The body a pop-up's display fields send. */
export const popupBody = (values: PopupFormValues) => ({
  class: values.class,
  title: values.title.trim(),
  content: values.content ?? '',
  img: values.img ?? '',
  hint_state: values.hint_state,
  close_type: values.close_type,
  duration: values.duration ?? 0,
  location: values.location,
});

/**
 * Class, title, rich content, picture, kind, close rules, auto-close time and position. The form checks what the
 * server checks: a way to close that the class has, and a picture for an image pop-up.
 */
/** A display's name with its class code beside it, which staff know from the apps; not twice where they read the same. */
function classLabel(name: string, code: AnnouncementClass): string {
  return name.replaceAll(' ', '').toLowerCase() === code.toLowerCase() ? name : `${name} · ${code}`;
}

export function PopupFields() {
  const t = useMessages(informMessages);
  const classes = useMessages(classLabels);
  const closes = useMessages(closeTypeLabels);
  const hints = useMessages(hintLabels);
  const locations = useMessages(locationLabels);
  const uploads = useEditorUploads('inform');
  const form = Form.useFormInstance<PopupFormValues>();
  const popupClass = Form.useWatch('class', form);
  const closeType = Form.useWatch('close_type', form) ?? [];
  const toast = TOAST_CLASSES.includes(popupClass);

  return (
    <>
      <Form.Item name="class" label={t.class} rules={[{ required: true }]}>
        <Select
          options={announcementClasses.map((value) => ({ value, label: classLabel(classes[value], value) }))}
          onChange={(next: AnnouncementClass) => {
            // Each class has its own positions; a toast has no mask to click.
            const location = next === 'Message' ? 'top' : next === 'Notification' ? 'topRight' : 'center';
            const kept = TOAST_CLASSES.includes(next) ? (form.getFieldValue('close_type') as CloseType[] | undefined)?.filter((c) => c !== 'mask_layer_close') : undefined;
            form.setFieldsValue({ location, ...(kept ? { close_type: kept } : {}) });
          }}
        />
      </Form.Item>
      <Form.Item name="title" label={t.title} rules={[{ required: true, whitespace: true, message: t.titleRequired }, { max: 100 }]}>
        <Input maxLength={100} showCount />
      </Form.Item>
      {popupClass === 'imgDialog' && (
        <Form.Item name="img" label={t.img} rules={[{ required: true, message: t.imgRequired }]}>
          <ImageField />
        </Form.Item>
      )}
      <Form.Item name="content" label={t.content}>
        <RichTextEditor aria-label={t.content} {...uploads} />
      </Form.Item>
      <Form.Item name="hint_state" label={t.hint}>
        <Select options={hintStates.map((value) => ({ value, label: hints[value] }))} />
      </Form.Item>
      <Form.Item
        name="close_type"
        label={t.closeType}
        rules={[
          { required: true, type: 'array', min: 1, message: t.closeTypeRequired },
          {
            validator: async (_rule, value: CloseType[] = []) => {
              if (toast && value.length > 0 && value.every((c) => c === 'mask_layer_close')) throw new Error(t.toastNeedsClose);
            },
          },
        ]}
      >
        <Checkbox.Group
          options={closeTypes.map((value) => ({
            value,
            label: closes[value],
            disabled: value === 'mask_layer_close' && toast,
          }))}
        />
      </Form.Item>
      {closeType.includes('voluntarily_close') && (
        <Form.Item name="duration" label={t.duration} extra={t.durationHelp}>
          <InputNumber min={0} max={3600} precision={0} />
        </Form.Item>
      )}
      <Form.Item name="location" label={t.location}>
        <Select
          options={popupLocations
            .filter((value) => (popupClass === 'Message' ? value === 'top' : popupClass === 'Notification' ? value !== 'center' : ['center', 'top'].includes(value)))
            .map((value) => ({ value, label: locations[value] }))}
        />
      </Form.Item>
    </>
  );
}
