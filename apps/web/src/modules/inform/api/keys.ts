import { informCalls } from '@juqi/contract';

/**
 * What a write on published notifications (a publish, a delete) refreshes: 已发布通知's list, and the detail drawer's
 * notification and recipients.
 */
export const SENT_NOTIFICATION_READS = [informCalls.listDataNotifications, informCalls.dataNotificationDetails, informCalls.dataNotificationRecipients];

/** What a write on the pop-up templates refreshes: their manage tab, and the publish screen's template choice. */
export const POPUP_TEMPLATE_READS = [informCalls.siteShowTemplateList, informCalls.siteShowTemplateSelect];
