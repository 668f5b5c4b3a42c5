import { ACTIVITY_BAND_NAMES, AGENCY_REASON_MAX, AGENCY_STATUS_NAMES, agencyListCalls, codeName, yuanText, type AgencyDetails, type AgencyRow, type AgencyStatus } from '@juqi/contract';
import { Button, Descriptions, Empty, Flex, Form, Input, Modal, Select, Spin, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { ConfirmCloseDrawer } from '../../../components/confirm-close-drawer';
import { DetailList } from '../../../components/detail-list';
import { HistoryTimeline } from '../../../components/history-timeline';
import { FieldValues } from '../../../components/fields';
import { commonMessages } from '../../../components/messages';
import { useNarrowScreen } from '../../../components/narrow-screen';
import { QueryFailure } from '../../../components/query-failure';
import { CellMuted, CellTag } from '../../../components/table-cells';
import { UserAvatar } from '../../../components/user-avatar';
import { useToldWrite } from '../../../components/use-told-write';
import { useCallMutation, useCallQuery } from '../../../lib/call-hooks';
import { useDateTime } from '../../../lib/date-time';
import { format, useMessages } from '../../../lib/i18n';
import { usePreferences } from '../../../lib/preferences';
import { useCan } from '../../../lib/shell-session';
import { useAgencyOptions } from '../agency-options';
import { agencyMessages } from '../messages';
import { AgencyBusinesses } from './agency-businesses';
import { AgencyCertifications } from './agency-certifications';
import { AgencyCustomers, AgencyEarnings, AgencyOrderImport, AgencyOrders, AgencyReturns, AgencySignIns, AgencyTopUps } from './agency-records';

/** A place as one line: 浙江省 · 杭州市, or 北京市 alone where the city is its own province; '' for none. */
export const placeName = ({ province, city }: { province: string; city: string }) => (!city ? '' : province && province !== city ? `${province} · ${city}` : city);

export function AgencyStatusTag({ status }: { status: AgencyStatus }) {
  const language = usePreferences((s) => s.language);
  const name = AGENCY_STATUS_NAMES.find((s) => s.value === status)!.name[language];
  return <CellTag tone={status === 'active' ? 'success' : 'warning'}>{name}</CellTag>;
}

/** An agency's activity band and score, or 尚未统计 before the first nightly run. */
export function ActivityTag({ agency }: { agency: Pick<AgencyRow, 'activity_band' | 'activity_score' | 'figures_at'> }) {
  const t = useMessages(agencyMessages);
  const language = usePreferences((s) => s.language);
  if (agency.figures_at === null) return <CellMuted>{t.notComputed}</CellMuted>;
  const tone = agency.activity_band === 'active' ? 'success' : agency.activity_band === 'normal' ? 'processing' : 'default';
  return (
    <CellTag tone={tone}>
      {codeName(ACTIVITY_BAND_NAMES, agency.activity_band, language)} · {agency.activity_score}
    </CellTag>
  );
}

/** What changes an agency: its list, its details and its history are asked again once a change lands. */
const AGENCY_READS = [agencyListCalls.agencyList, agencyListCalls.agencyDetails, agencyListCalls.agencyHistory];

/** Which change the dialog asks for. */
type Change = 'suspend' | 'resume' | 'level';

/**
 * An agency in full (`/agency/list?id=`): its particulars and money, 代理申请表 as approved, the businesses it may
 * sell (revoked there), its customers, orders, top-ups and sign-ins (for staff who may read those), and its history;
 * in the footer, for staff holding the operations, 暂停 / 恢复 and 调整等级. Closing asks to confirm, as every drawer
 * does (§5).
 */
export function AgencyDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const t = useMessages(agencyMessages);
  const can = useCan();
  const narrow = useNarrowScreen();
  const details = useCallQuery(agencyListCalls.agencyDetails, { id });
  const [changing, setChanging] = useState<Change | null>(null);
  const agency = details.data;
  const actions = agency && (
    <Flex justify="flex-end" gap={8}>
      {can('agency.level.set') && <Button onClick={() => setChanging('level')}>{t.setLevel}</Button>}
      {can('agency.suspend') &&
        (agency.status === 'active' ? (
          <Button danger onClick={() => setChanging('suspend')}>
            {t.suspend}
          </Button>
        ) : (
          <Button type="primary" onClick={() => setChanging('resume')}>
            {t.resume}
          </Button>
        ))}
    </Flex>
  );
  return (
    <ConfirmCloseDrawer open size={880} title={agency?.name ?? t.agency} onClose={onClose} footer={actions}>
      {details.isError && !agency ? (
        <QueryFailure compact error={details.error} onRetry={() => void details.refetch()} />
      ) : !agency ? (
        <Spin />
      ) : (
        <Tabs
          // Twelve sections: down the side where there is room, so each is in view and one click opens it (a tab half
          // hidden in a strip scrolls away from under the pointer as it is pressed); across the top on a phone.
          tabPlacement={narrow ? 'top' : 'start'}
          items={[
            { key: 'particulars', label: t.particulars, children: <Particulars agency={agency} /> },
            { key: 'form', label: t.form, children: <ApplicationForm agency={agency} /> },
            { key: 'businesses', label: t.businesses, children: <AgencyBusinesses agencyId={agency.id} agencyName={agency.name} /> },
            // The tabs of other areas' records, for staff who may read them there.
            ...(can('merchant.view') ? [{ key: 'customers', label: t.customers, children: <AgencyCustomers agencyId={agency.id} /> }] : []),
            ...(can('order.view') ? [{ key: 'orders', label: t.orders, children: <AgencyOrders agencyId={agency.id} /> }] : []),
            ...(can('order.view') ? [{ key: 'earnings', label: t.earnings, children: <AgencyEarnings agencyId={agency.id} /> }] : []),
            ...(can('order.view') ? [{ key: 'returns', label: t.returns, children: <AgencyReturns agencyId={agency.id} /> }] : []),
            ...(can('order.import') ? [{ key: 'order-import', label: t.orderImport, children: <AgencyOrderImport agencyId={agency.id} /> }] : []),
            ...(can('finance.recharge.view') ? [{ key: 'top-ups', label: t.topUps, children: <AgencyTopUps agencyId={agency.id} /> }] : []),
            ...(can('user.login_log.view') ? [{ key: 'sign-ins', label: t.signIns, children: <AgencySignIns agencyId={agency.id} /> }] : []),
            ...(can('agency.certification.view') ? [{ key: 'certifications', label: t.certifications, children: <AgencyCertifications agencyId={agency.id} /> }] : []),
            { key: 'history', label: t.history, children: <AgencyHistory id={id} /> },
          ]}
        />
      )}
      {agency && changing && <ChangeDialog agency={agency} change={changing} onClose={() => setChanging(null)} />}
    </ConfirmCloseDrawer>
  );
}

function Particulars({ agency }: { agency: AgencyDetails }) {
  const t = useMessages(agencyMessages);
  const dateTime = useDateTime();
  return (
    <Flex vertical gap={16}>
      <Flex gap={12} align="center">
        <UserAvatar name={agency.name} src={agency.head_img_url} size={48} />
        <div>
          <Typography.Text strong>{agency.name}</Typography.Text> <AgencyStatusTag status={agency.status} />
          <div>
            <Typography.Text type="secondary">{[agency.mobile, agency.level_name].filter(Boolean).join(' · ')}</Typography.Text>
          </div>
        </div>
      </Flex>
      <DetailList size="small" bordered column={2}>
        <Descriptions.Item label={t.level}>{agency.level_name || agency.level}</Descriptions.Item>
        <Descriptions.Item label={t.status}>
          <AgencyStatusTag status={agency.status} />
        </Descriptions.Item>
        <Descriptions.Item label={t.city}>{placeName(agency) || t.none}</Descriptions.Item>
        <Descriptions.Item label={t.region}>{agency.region || t.none}</Descriptions.Item>
        <Descriptions.Item label={t.post}>{agency.agency_pw_name || t.none}</Descriptions.Item>
        <Descriptions.Item label={t.verification}>{agency.authentication_state === 2 ? `${t.verified} ${agency.real_name}` : t.unverified}</Descriptions.Item>
        <Descriptions.Item label={t.balance}>{yuanText(agency.balance_cents)}</Descriptions.Item>
        <Descriptions.Item label={t.frozen}>{yuanText(agency.frozen_cents)}</Descriptions.Item>
        <Descriptions.Item label={t.heldCommission}>{yuanText(agency.held_commission_cents)}</Descriptions.Item>
        <Descriptions.Item label={t.income}>{yuanText(agency.total_income_cents)}</Descriptions.Item>
        <Descriptions.Item label={t.beans}>{agency.bean_balance}</Descriptions.Item>
        <Descriptions.Item label={t.salesInWindow}>{agency.figures_at === null ? t.notComputed : yuanText(agency.sales_fen)}</Descriptions.Item>
        <Descriptions.Item label={t.activity}>
          <ActivityTag agency={agency} />
        </Descriptions.Item>
        {agency.figures_at !== null && <Descriptions.Item label={t.figuresAt}>{dateTime(agency.figures_at)}</Descriptions.Item>}
        <Descriptions.Item label={t.joinedAt}>{dateTime(agency.joined_at)}</Descriptions.Item>
        <Descriptions.Item label={t.registeredAt}>{dateTime(agency.registered_at)}</Descriptions.Item>
        <Descriptions.Item label={t.lastLoginAt}>{agency.last_login_at ? dateTime(agency.last_login_at) : t.none}</Descriptions.Item>
        <Descriptions.Item label={t.application}>{agency.application_id === null ? t.noApplication : format(t.applicationNo, { id: agency.application_id })}</Descriptions.Item>
        {agency.locked && (
          <Descriptions.Item label={t.status} span="filled">
            <Typography.Text type="danger">{t.locked}</Typography.Text>
          </Descriptions.Item>
        )}
      </DetailList>
    </Flex>
  );
}

/** 代理申请表's values as approved, each drawn by its field type; fields added to the form since show —. */
function ApplicationForm({ agency }: { agency: AgencyDetails }) {
  const t = useMessages(agencyMessages);
  if (Object.keys(agency.extra).length === 0) return <Empty description={t.noForm} />;
  return <FieldValues bordered definitions={agency.form} values={agency.extra} />;
}

/** The agency's suspensions, resumptions, level changes and businesses revoked, oldest first, with who made them and why. */
function AgencyHistory({ id }: { id: number }) {
  const t = useMessages(agencyMessages);
  const history = useCallQuery(agencyListCalls.agencyHistory, { id });
  const levels = useAgencyOptions().data?.levels;
  const levelName = (level: number | null) => levels?.find((l) => l.level === level)?.name ?? String(level);
  const actionName: Record<string, string> = {
    suspend: t.suspend,
    resume: t.resume,
    level_set: t.setLevel,
    level_promote: t.levelPromote,
    business_revoke: t.businessRevoke,
    certification_approve: t.certificationApprove,
    certification_reject: t.certificationReject,
  };
  if (history.isError) return <QueryFailure compact error={history.error} onRetry={() => void history.refetch()} />;
  if (history.isPending) return <Spin />;
  return (
    <HistoryTimeline
      entries={history.data}
      empty={t.noHistory}
      actionName={(action) => actionName[action] ?? action}
      change={(entry) => (entry.action === 'level_set' || entry.action === 'level_promote' ? `${levelName(entry.from)} → ${levelName(entry.to)}` : null)}
    />
  );
}

/** Asks what a change needs — a reason (required but for 恢复), and the new level for 调整等级 — then makes it. */
function ChangeDialog({ agency, change, onClose }: { agency: AgencyDetails; change: Change; onClose: () => void }) {
  const t = useMessages(agencyMessages);
  const common = useMessages(commonMessages);
  const told = useToldWrite();
  const [form] = Form.useForm<{ level?: number; reason?: string }>();
  const suspend = useCallMutation(agencyListCalls.agencySuspend, AGENCY_READS);
  const resume = useCallMutation(agencyListCalls.agencyResume, AGENCY_READS);
  const setLevel = useCallMutation(agencyListCalls.levelSet, AGENCY_READS);
  const levels = useAgencyOptions().data?.levels ?? [];
  const title = { suspend: t.suspend, resume: t.resume, level: t.setLevel }[change];
  const submit = async ({ level, reason }: { level?: number; reason?: string }) => {
    const why = reason?.trim() || undefined;
    const done =
      change === 'suspend'
        ? await told(() => suspend.mutateAsync({ id: agency.id, reason: why! }), t.suspended)
        : change === 'resume'
          ? await told(() => resume.mutateAsync({ id: agency.id, reason: why }), t.resumed)
          : await told(() => setLevel.mutateAsync({ id: agency.id, level: level!, reason: why! }), t.levelSet);
    if (done) onClose();
  };
  return (
    <Modal
      open
      title={`${title} · ${agency.name}`}
      okText={title}
      okButtonProps={{ danger: change === 'suspend' }}
      cancelText={common.cancel}
      confirmLoading={suspend.isPending || resume.isPending || setLevel.isPending}
      onCancel={onClose}
      onOk={() => void form.validateFields().then(submit, () => undefined)}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="agency-change">
        {change === 'suspend' && <Typography.Paragraph type="secondary">{t.suspendHint}</Typography.Paragraph>}
        {change === 'level' && (
          <Form.Item name="level" label={t.newLevel} rules={[{ required: true, message: t.levelRequired }]}>
            <Select options={levels.filter((l) => l.level !== agency.level).map((l) => ({ value: l.level, label: `${l.level} · ${l.name}` }))} />
          </Form.Item>
        )}
        <Form.Item name="reason" label={common.actionReason} rules={change === 'resume' ? [] : [{ required: true, whitespace: true, message: common.actionReasonRequired }]}>
          <Input.TextArea autoSize={{ minRows: 3 }} maxLength={AGENCY_REASON_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
