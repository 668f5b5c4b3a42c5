import { announcementClasses, informCalls, type AnnouncementClass } from '@juqi/contract';
import { Select } from 'antd';
import { urlField } from '../../../lib/url-state';
import { useMessages } from '../../../lib/i18n';
import { classLabels, informMessages } from '../messages';
import { useNotificationTypes } from './notification-types';

/**
 * What 管理通知's four lists share: each is a record list in a tab (`?tab=`, the page's own parameter, kept while the
 * list's filters change), filtered by a notification type or an announcement class and a title or name search.
 */
export const MANAGE_TAB = { urlKey: 'tab' } as const;

const sentNotifications = informCalls.listDataNotifications.body!.shape;
const sentAnnouncements = informCalls.listDataAnnouncements.body!.shape;
const templates = informCalls.templateList.body!.shape;
const popupTemplates = informCalls.siteShowTemplateList.body!.shape;

/** `id`: the notification whose details are open, so a link opens it. */
export const SENT_NOTIFICATIONS_URL = {
  type: urlField('number', sentNotifications.type),
  keyword: urlField('text', sentNotifications.keyword),
  id: urlField('number', informCalls.dataNotificationDetails.body!.shape.id),
};
export const SENT_ANNOUNCEMENTS_URL = { class: urlField('text', sentAnnouncements.class), keyword: urlField('text', sentAnnouncements.keyword) };
export const TEMPLATES_URL = { type: urlField('number', templates.type), keyword: urlField('text', templates.keyword) };
export const POPUP_TEMPLATES_URL = { class: urlField('text', popupTemplates.class), keyword: urlField('text', popupTemplates.keyword) };

/** A list's notification type: every type (全部, 0), or one. */
export function TypeFilter({ filter, change }: { filter: { type?: number }; change: (patch: { type?: number }) => void }) {
  const t = useMessages(informMessages);
  const { filterOptions } = useNotificationTypes();
  return (
    <Select<number>
      prefix={t.typeFilter}
      aria-label={t.typeFilter}
      className="inform-page__filter"
      value={filter.type ?? 0}
      options={filterOptions}
      onChange={(type) => change({ type: type === 0 ? undefined : type })}
    />
  );
}

const ALL_CLASSES = 'all';

/** A list's announcement class: every class, or one. */
export function ClassFilter({ filter, change }: { filter: { class?: AnnouncementClass }; change: (patch: { class?: AnnouncementClass }) => void }) {
  const t = useMessages(informMessages);
  const classes = useMessages(classLabels);
  return (
    <Select<AnnouncementClass | typeof ALL_CLASSES>
      prefix={t.class}
      aria-label={t.class}
      className="inform-page__filter"
      value={filter.class ?? ALL_CLASSES}
      options={[{ value: ALL_CLASSES, label: t.typeAll }, ...announcementClasses.map((value) => ({ value, label: classes[value] }))]}
      onChange={(value) => change({ class: value === ALL_CLASSES ? undefined : value })}
    />
  );
}
