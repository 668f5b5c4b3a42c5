import type { SystemEventCode } from '@juqi/contract';
import { and, eq } from 'drizzle-orm';
import type { SeedContext } from '../../lib/module';
import { sanitizeRichText } from '../../lib/rich-text';
import { staff } from '../../lib/db/schema';
import { InformRepository } from './repository';
import { SystemEventRepository } from './system-event-repository';

type Param = { key: string; name: string; example: string };
const p = (key: string, name: string, example: string): Param => ({ key, name, example });

/** The notification types' presentation at first (§2.4 names them); staff rename, recolour, reorder and turn them off. */
export const defaultTypes = [
  { id: 1, name: '操作执行通知', nameEn: 'Operation execution notice', color: '#0066eb', sort: 10 },
  { id: 2, name: '知识更新通知', nameEn: 'Knowledge update notice', color: '#08979c', sort: 20 },
  { id: 3, name: '版本迭代通知', nameEn: 'Version iteration notice', color: '#722ed1', sort: 30 },
  { id: 4, name: '预警监督通知', nameEn: 'Early-warning supervision notice', color: '#d62234', sort: 40 },
  { id: 5, name: '跟进消息通知', nameEn: 'Follow-up message notice', color: '#d46b08', sort: 50 },
];

/**
 * The system events' settings at first: each on, as a site message; events that go to roles notify nobody until staff
 * choose the roles (a fresh platform has none but the super-admin's).
 */
export const defaultSystemEvents = (
  [
  {
    code: 'user.verification.submitted',
    type: 5,
    title: '用户「{user}」提交了实名认证',
    content: '用户「{user}」（{mobile}）提交了{kind}，请及时审核。',
  },
  { code: 'user.verification.approved', type: 1, title: '实名认证已通过', content: '{user}，您提交的{kind}已通过审核。' },
  {
    code: 'user.verification.rejected',
    type: 1,
    title: '实名认证未通过',
    content: '{user}，您提交的{kind}未通过审核，原因：{reason}。请修改后重新提交。',
  },
  { code: 'inform.announcement.published', type: 1, title: '新公告：{title}', content: '{sender}发布了弹窗公告「{title}」，共 {count} 位接收人。' },
  {
    code: 'staff.sign_in.locked',
    type: 4,
    title: '账号 {account} 登录失败已锁定',
    content: '账号 {account} 在 {ip} 多次登录失败，已锁定至 {until}。如非本人操作，请及时核查。',
  },
  { code: 'user.export.finished', type: 1, title: '{name}导出完成', content: '您导出的{name}已生成，共 {count} 条记录。' },
  { code: 'approval.pending', type: 5, title: '待审批：{subject}的{kind}', content: '{requester}提交的{kind}（{subject}：{summary}）已到{step}，请及时审批。' },
  { code: 'approval.approved', type: 1, title: '{kind}已通过', content: '您提交的{kind}（{subject}：{summary}）已审批通过。' },
  { code: 'approval.rejected', type: 1, title: '{kind}被驳回', content: '您提交的{kind}（{subject}：{summary}）被{approver}驳回，意见：{comment}。' },
  { code: 'finance.adjustment.pending', type: 5, title: '待审批调账：{user} {amount}', content: '{applicant}申请为{user}{amount}（{no}），原因：{reason}，请及时审批。' },
  { code: 'finance.adjustment.approved', type: 1, title: '调账已通过：{user} {amount}', content: '您申请的调账（{no}：{user} {amount}）已由{approver}审批通过并入账。' },
  { code: 'finance.adjustment.rejected', type: 1, title: '调账被驳回：{user} {amount}', content: '您申请的调账（{no}：{user} {amount}）被{approver}驳回，原因：{reason}。' },
  { code: 'finance.withdrawal.approved', type: 5, title: '提现待打款：{user} {amount}', content: '{approver}已审核通过{user}的提现 {amount}（{no}），请及时打款。' },
  { code: 'finance.adjustment_settings.proposed', type: 5, title: '调账审批设置调高待批准', content: '{proposer}提议调高调账审批设置：{changes}，请及时审批。' },
  { code: 'finance.adjustment_settings.approved', type: 1, title: '调账审批设置调高已生效', content: '您提议的调高（{changes}）已由{approver}批准生效。' },
  { code: 'finance.adjustment_settings.rejected', type: 1, title: '调账审批设置调高被驳回', content: '您提议的调高（{changes}）被{approver}驳回，设置保持不变。' },
  ] satisfies { code: SystemEventCode; type: number; title: string; content: string }[]
).map((event) => ({ ...event, enabled: true, channels: ['site' as const] }));

/** The system's notification templates: other features send them by code; administrators edit their text. */
export const systemTemplates = [
  {
    code: 'task.done',
    name: '任务执行完成',
    type: 1,
    title: '{task}执行完成',
    content: '您提交的「{task}」已于 {time} 执行完成，结果：{result}。',
    parameters: [p('task', '任务名称', '批量导出用户'), p('time', '完成时间', '2026-03-02 09:30'), p('result', '执行结果', '成功 12580 条')],
  },
  {
    code: 'export.ready',
    name: '导出文件已生成',
    type: 1,
    title: '{name}导出完成',
    content: '您导出的{name}已生成，共 {count} 条记录，文件保留 24 小时，请及时下载。',
    parameters: [p('name', '导出内容', '全部用户'), p('count', '记录数', '12580')],
  },
  {
    code: 'knowledge.updated',
    name: '帮助文档更新',
    type: 2,
    title: '帮助手册《{name}》已更新',
    content: '《{name}》已于 {time} 更新，主要变化：{summary}。',
    parameters: [p('name', '文档名称', '发布通知'), p('time', '更新时间', '2026-03-01'), p('summary', '更新摘要', '新增弹窗公告的配置说明')],
  },
  {
    code: 'version.released',
    name: '版本发布',
    type: 3,
    title: '聚企中台 {version} 已发布',
    content: '新版本 {version} 已上线：{summary}。详情请查看升级日志。',
    parameters: [p('version', '版本号', 'v2.1.0'), p('summary', '更新摘要', '通知与公告实时送达')],
  },
  {
    code: 'warning.threshold',
    name: '指标超出预警线',
    type: 4,
    title: '{metric}超出预警线',
    content: '{metric}当前为 {value}，已超过预警线 {threshold}，请及时处理。',
    parameters: [p('metric', '指标名称', '待审核提现申请'), p('value', '当前值', '37 笔'), p('threshold', '预警线', '30 笔')],
  },
  {
    code: 'warning.login',
    name: '异常登录提醒',
    type: 4,
    title: '账号异常登录提醒',
    content: '您的账号于 {time} 在 {place} 登录，如非本人操作请立即修改密码。',
    parameters: [p('time', '登录时间', '03:12'), p('place', '登录地点', '广州')],
  },
  {
    code: 'followup.reminder',
    name: '客户跟进提醒',
    type: 5,
    title: '客户「{customer}」待跟进',
    content: '客户「{customer}」已 {days} 天未跟进，请尽快联系并更新跟进记录。',
    parameters: [p('customer', '客户名称', '杭州云栖文化传媒'), p('days', '未跟进天数', '7')],
  },
];

const demoMessages = [
  { type: 1, title: '批量导出用户完成', content: '您于今天 09:30 提交的“全部用户”导出任务已完成，共 12,580 条记录，文件将保留 24 小时。' },
  { type: 1, title: '角色权限变更已生效', content: '“运营专员”角色新增了“发布通知与公告”权限，相关员工刷新页面后即可使用。' },
  { type: 2, title: '帮助手册《发布通知》已更新', content: '新增弹窗公告五种展示形式（对话框、消息框、轻提示、通知、图片弹窗）的说明，以及关闭方式的配置示例。' },
  { type: 3, title: '聚企中台 v2.0.0 已发布', content: '全新界面上线：标签栏右键菜单、帮助中心、附件上传托盘，消息通知实时送达。详情请查看升级日志。' },
  { type: 4, title: '代理提现申请积压预警', content: '当前待审核的代理提现申请为 37 笔，已超过预警线 30 笔，请财务同事及时处理。' },
  { type: 4, title: '异常登录提醒', content: '账号 ops01 于 03:12 在广州登录，与常用登录地不一致。如非本人操作，请立即修改密码。' },
  { type: 5, title: '客户「杭州云栖文化传媒」待跟进', content: '该客户已 7 天未跟进。上次沟通：有意向购买年度推广套餐，需提供报价单。' },
  { type: 5, title: '商机跟进提醒', content: '“成都锦程教育”的商机预计本周签约，请确认合同条款并更新跟进记录。' },
];

const demoPopupTemplates = [
  {
    name: '系统升级公告（对话框）',
    class: 'Dialog' as const,
    title: '系统升级公告',
    content: '<p>聚企中台将于<strong>本周六 22:00 - 24:00</strong>进行系统升级，期间可能无法访问，请提前保存工作内容。</p>',
    hintState: 'info' as const,
    closeType: ['button_close', 'right_button_close'],
    duration: 0,
    location: 'center',
  },
  {
    name: '重要提醒（消息框）',
    class: 'MessageBox' as const,
    title: '重要提醒',
    content: '<p>请在月底前完成本月的客户回访记录。</p>',
    hintState: 'warning' as const,
    closeType: ['button_close'],
    duration: 0,
    location: 'center',
  },
  {
    name: '操作提示（轻提示）',
    class: 'Message' as const,
    title: '数据已同步完成',
    content: '',
    hintState: 'success' as const,
    closeType: ['voluntarily_close'],
    duration: 3,
    location: 'top',
  },
  {
    name: '新功能上线（通知）',
    class: 'Notification' as const,
    title: '新功能上线',
    content: '<p>通知与公告支持实时送达，欢迎体验。</p>',
    hintState: 'info' as const,
    closeType: ['right_button_close', 'voluntarily_close'],
    duration: 8,
    location: 'topRight',
  },
];

const demoAnnouncements = [
  {
    class: 'Notification' as const,
    title: '欢迎使用聚企中台 2.0',
    content: '<p>消息通知与公告已全面升级：顶栏铃铛实时显示未读数量，重要公告会以弹窗形式提醒。</p>',
    hintState: 'info' as const,
    closeType: ['right_button_close', 'voluntarily_close'],
    duration: 10,
    location: 'bottomRight',
  },
];

/**
 * The notification types, the system events' settings and the system notification templates always exist (each added
 * when missing; staff's edits are kept). With
 * demo data: pop-up templates, a message of every type and a welcome announcement, each part added only while it is
 * empty. Holidays are told of by the calendar's own notice (docs/calendar.md), around each holiday, not by an
 * announcement that would stay up for good.
 * The demo announcements count as seen by the super-admin, so a fresh demo does not cover the admin's screens; the
 * demo staff see them at their first sign-in.
 */
export async function seedInform({ db, demo }: SeedContext): Promise<void> {
  await db.transaction(async (tx) => {
    const repo = new InformRepository(tx);
    await repo.ensureTypes(defaultTypes);
    await new SystemEventRepository(tx).ensure(defaultSystemEvents);
    for (const template of systemTemplates) {
      if (!(await repo.findTemplateByCode(template.code))) await repo.insertTemplate(template);
    }
    if (!demo) return;

    if ((await repo.countPopupTemplates()) === 0) {
      for (const t of demoPopupTemplates) await repo.insertPopupTemplate({ ...t, content: sanitizeRichText(t.content), img: '' });
    }

    if ((await repo.countMessages()) === 0) {
      for (const m of demoMessages) {
        const message = await repo.insertMessage({ ...m, target: 'all', templateId: null, senderId: null });
        await repo.fanOutMessage(message, { target: 'all' });
      }
    }

    if ((await repo.countAnnouncements()) === 0) {
      const [admin] = await tx
        .select({ id: staff.id })
        .from(staff)
        .where(and(eq(staff.isSuperAdmin, true), eq(staff.status, 'active')))
        .limit(1);
      for (const a of demoAnnouncements) {
        const row = await repo.insertAnnouncement({
          ...a,
          content: sanitizeRichText(a.content),
          img: '',
          showDetails: true,
          data: [],
          target: 'all',
          templateId: null,
          senderId: null,
          endAt: null,
        });
        await repo.fanOutAnnouncement(row.id, { target: 'all' }, admin?.id ?? null);
      }
    }
  });
}
