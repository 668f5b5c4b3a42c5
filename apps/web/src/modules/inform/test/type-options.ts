import { informCalls, type NotificationTypeOption } from '@juqi/contract';
import { answerOf, type Handler } from '../../../test/fake-api';

/** The notification types as the server seeds them. */
export const seededTypes: NotificationTypeOption[] = [
  { id: 1, name: '操作执行通知', name_en: 'Operation execution notice', color: '#0066eb', enabled: true, sort: 10 },
  { id: 2, name: '知识更新通知', name_en: 'Knowledge update notice', color: '#08979c', enabled: true, sort: 20 },
  { id: 3, name: '版本迭代通知', name_en: 'Version iteration notice', color: '#722ed1', enabled: true, sort: 30 },
  { id: 4, name: '预警监督通知', name_en: 'Early-warning supervision notice', color: '#d62234', enabled: true, sort: 40 },
  { id: 5, name: '跟进消息通知', name_en: 'Follow-up message notice', color: '#d46b08', enabled: true, sort: 50 },
];

/** A fake server's answer to the type options every screen showing types asks for. */
export const typeOptionsHandler = (types: NotificationTypeOption[] = seededTypes): Record<string, Handler> => ({
  'POST /api/inform/type_options': () => answerOf(informCalls.typeOptions, types),
});
