import { notificationTypeResource } from '@juqi/contract';
import { resourceKeys } from '../../../lib/resource';

/** Query keys of notifications and announcements; everything under `['inform']` belongs to this module. */
export const informKeys = {
  all: ['inform'] as const,
  notifications: ['inform', 'notifications'] as const,
  notificationList: (params: object) => ['inform', 'notifications', params] as const,
  myAnnouncements: ['inform', 'my-announcements'] as const,
  myAnnouncementPage: (page: number) => ['inform', 'my-announcements', page] as const,
  details: (id: number) => ['inform', 'details', id] as const,
  staffOptions: (keyword: string) => ['inform', 'staff-options', keyword] as const,
  templateSelect: ['inform', 'template-select'] as const,
  popupTemplateSelect: ['inform', 'popup-template-select'] as const,
  sentNotifications: ['inform', 'sent-notifications'] as const,
  sentAnnouncements: ['inform', 'sent-announcements'] as const,
  templates: ['inform', 'templates'] as const,
  popupTemplates: ['inform', 'popup-templates'] as const,
  /** Under the 通知类型 screen's keys, so an edit there refreshes every screen that shows the types. */
  typeOptions: [...resourceKeys(notificationTypeResource).all, 'options'] as const,
  systemEvents: ['inform', 'system-events'] as const,
  roleOptions: ['inform', 'role-options'] as const,
};

/** Page size of the drawer's lists. */
export const DRAWER_PAGE_SIZE = 20;
