import { EditOutlined } from '@ant-design/icons';
import { Suspense, useMemo, useState } from 'react';
import { APPROVAL_KIND_NAMES, departmentCalls, personnelCalls, STAFF_STATUSES, type StaffDetails, type StaffHistoryEntry, type StaffStatus } from '@juqi/contract';
import { Alert, App, Button, Descriptions, Empty, Flex, Skeleton, Space, Tag, Timeline, Typography } from 'antd';
import { ConfirmCloseDrawer } from '../../../components/confirm-close-drawer';
import { DetailList } from '../../../components/detail-list';
import { FieldValues } from '../../../components/fields';
import { useNarrowScreen } from '../../../components/narrow-screen';
import { QueryFailure } from '../../../components/query-failure';
import { CellTag } from '../../../components/table-cells';
import { useCallMutation, useCallQuery } from '../../../lib/call-hooks';
import { useDateTime } from '../../../lib/date-time';
import { format, useMessages } from '../../../lib/i18n';
import { usePreferences, type Language } from '../../../lib/preferences';
import { departmentNames } from '../../../lib/department-options';
import { useCan, useShellSession } from '../../../lib/shell-session';
import { openApprovalRequest, StaffProcessActions } from '../../approval';
import { useStaffFormFields } from '../api/form-fields';
import { STAFF_READS } from '../api/keys';
import { useCompanies } from '../api/staff';
import { personnelMessages, type PersonnelTexts } from '../messages';
import { LinkAccountModal } from './link-account-modal';
import { genderName, STATUS_TONES, statusName } from './vocabulary';

interface StaffDetailsDrawerProps {
  id: number;
  onEdit: (id: number) => void;
  onClose: () => void;
}

/**
 * A staff record: what waits for approval about it, its properties, its custom fields and its history. The identity card
 * is whole only when the answer says so. Nothing in it is edited here, so it closes at once.
 */
export function StaffDetailsDrawer({ id, onEdit, onClose }: StaffDetailsDrawerProps) {
  const t = useMessages(personnelMessages);
  const can = useCan();
  const narrow = useNarrowScreen();
  const details = useCallQuery(personnelCalls.details, { id });
  const mayEdit = can('personnel.edit') && details.data;
  return (
    <ConfirmCloseDrawer
      open
      size={narrow ? '100%' : 640}
      title={format(t.detailsTitle, { name: details.data?.name ?? '' })}
      onClose={onClose}
      extra={
        mayEdit && (
          <Button icon={<EditOutlined />} onClick={() => onEdit(id)}>
            {t.edit}
          </Button>
        )
      }
    >
      {/* 调岗申请 / 离职申请 go through the approval flows (docs/approvals.md); above the record, as the title leaves no room on a phone. */}
      {mayEdit && (
        <Flex justify="flex-end" className="staff-details__processes">
          <Suspense>
            <StaffProcessActions staff={details.data!} />
          </Suspense>
        </Flex>
      )}
      {details.isError ? (
        <QueryFailure error={details.error} onRetry={() => void details.refetch()} />
      ) : !details.data ? (
        <Skeleton active />
      ) : (
        <Space orientation="vertical" size={24} className="staff-details">
          {details.data.pending_requests.length > 0 && <PendingRequests record={details.data} t={t} />}
          <StaffProperties record={details.data} t={t} />
          <StaffHistory id={id} t={t} />
        </Space>
      )}
    </ConfirmCloseDrawer>
  );
}

/**
 * The record's requests waiting for approval (调岗申请, 离职申请), so nobody sends a second one; each opens in 待办审批 for
 * whoever may see it there (its requester, holders of approval.request.view).
 */
function PendingRequests({ record, t }: { record: StaffDetails; t: PersonnelTexts }) {
  const language = usePreferences((s) => s.language);
  const dateTime = useDateTime();
  const can = useCan();
  const me = useShellSession().profile.staff_id;
  return (
    <Flex vertical gap={8}>
      {record.pending_requests.map((request) => (
        <Alert
          key={request.id}
          type="info"
          showIcon
          title={format(t.pendingRequest, { kind: APPROVAL_KIND_NAMES[request.kind][language] })}
          description={
            <>
              <div>{request.summary}</div>
              <Typography.Text type="secondary">{format(t.pendingBy, { name: request.requester.name, at: dateTime(request.created_at) })}</Typography.Text>
            </>
          }
          action={
            (can('approval.request.view') || request.requester.id === me) && (
              <Button size="small" type="link" onClick={() => openApprovalRequest(request.id)}>
                {t.viewRequest}
              </Button>
            )
          }
        />
      ))}
    </Flex>
  );
}

const shown = (value: string | null | undefined, t: PersonnelTexts) => value || <span className="cell-muted">{t.none}</span>;

function StaffProperties({ record, t }: { record: StaffDetails; t: PersonnelTexts }) {
  const language = usePreferences((s) => s.language);
  const dateTime = useDateTime();
  const fields = useStaffFormFields();
  return (
    <Flex vertical gap={24}>
      <DetailList column={2} title={t.basics}>
        <Descriptions.Item label={t.colName}>{record.name}</Descriptions.Item>
        <Descriptions.Item label={t.gender}>{genderName(record.gender, language)}</Descriptions.Item>
        <Descriptions.Item label={t.idCard}>
          {shown(record.id_card, t)}
          {record.id_card_masked && <Tag className="staff-details__masked">{t.masked}</Tag>}
        </Descriptions.Item>
        <Descriptions.Item label={t.mobile}>{shown(record.mobile, t)}</Descriptions.Item>
        <Descriptions.Item label={t.email}>{shown(record.email, t)}</Descriptions.Item>
        <Descriptions.Item label={t.status}>
          <CellTag tone={STATUS_TONES[record.status]}>{statusName(record.status, language)}</CellTag>
        </Descriptions.Item>
        <Descriptions.Item label={t.company}>{shown(record.company_name, t)}</Descriptions.Item>
        <Descriptions.Item label={t.department}>{shown(record.department_name, t)}</Descriptions.Item>
        <Descriptions.Item label={t.post}>{shown(record.post, t)}</Descriptions.Item>
        <Descriptions.Item label={t.reportTime}>{shown(record.report_time, t)}</Descriptions.Item>
        <Descriptions.Item label={t.probationEnd}>{shown(record.probation_end, t)}</Descriptions.Item>
        <Descriptions.Item label={t.leavingDate}>{shown(record.leaving_date, t)}</Descriptions.Item>
        <Descriptions.Item label={t.contractStart}>{shown(record.contract_start, t)}</Descriptions.Item>
        <Descriptions.Item label={t.contractEnd}>{shown(record.contract_end, t)}</Descriptions.Item>
        <Descriptions.Item label={t.emergencyContact}>{shown(record.emergency_contact, t)}</Descriptions.Item>
        <Descriptions.Item label={t.emergencyMobile}>{shown(record.emergency_mobile, t)}</Descriptions.Item>
        <Descriptions.Item label={t.account}>
          {record.account ? (
            <>
              {record.account.staff_num} · {record.account.name}{' '}
              <CellTag tone={record.account.status === 'active' ? 'success' : 'default'}>{record.account.status === 'active' ? t.accountActive : t.accountDisabled}</CellTag>
            </>
          ) : (
            shown(null, t)
          )}
          <AccountActions record={record} t={t} />
        </Descriptions.Item>
        <Descriptions.Item label={t.createdAt}>{dateTime(record.created_at)}</Descriptions.Item>
        <Descriptions.Item label={t.updatedAt}>{dateTime(record.updated_at)}</Descriptions.Item>
      </DetailList>
      {fields.data && fields.data.custom.length > 0 && <FieldValues definitions={fields.data.custom} values={record.extra} column={2} title={t.customFields} />}
    </Flex>
  );
}

const isStatus = (value: unknown): value is StaffStatus => typeof value === 'string' && (STAFF_STATUSES as readonly string[]).includes(value);

/** A history value as text: a state by its name, nothing as —. */
/** What a history entry's keys are called: the record's properties by their labels, a custom field by its own. */
const HISTORY_LABELS: Partial<Record<string, (t: PersonnelTexts) => string>> = {
  name: (t) => t.colName,
  gender: (t) => t.gender,
  id_card: (t) => t.idCard,
  mobile: (t) => t.mobile,
  email: (t) => t.email,
  company_id: (t) => t.company,
  department_id: (t) => t.department,
  post: (t) => t.post,
  status: (t) => t.status,
  report_time: (t) => t.reportTime,
  probation_end: (t) => t.probationEnd,
  leaving_date: (t) => t.leavingDate,
  contract_start: (t) => t.contractStart,
  contract_end: (t) => t.contractEnd,
  emergency_contact: (t) => t.emergencyContact,
  emergency_mobile: (t) => t.emergencyMobile,
  account_id: (t) => t.account,
};

/** Names for the ids a history holds: departments and companies as they are called now. */
interface HistoryNames {
  departments: Map<number, string>;
  companies: Map<number, string>;
}

function valueText(key: string, value: unknown, names: HistoryNames, t: PersonnelTexts, language: Language): string {
  if (value === null || value === undefined || value === '') return t.none;
  if (key === 'department_id' && typeof value === 'number') return names.departments.get(value) ?? `#${value}`;
  if (key === 'company_id' && typeof value === 'number') return names.companies.get(value) ?? `#${value}`;
  if (key === 'gender' && typeof value === 'string') return genderName(value, language);
  if (isStatus(value)) return statusName(value, language);
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function changesOf(entry: StaffHistoryEntry, names: HistoryNames, t: PersonnelTexts, language: Language): string[] {
  const keys = [...new Set([...Object.keys(entry.from ?? {}), ...Object.keys(entry.to ?? {})])];
  return keys.map(
    (key) => `${HISTORY_LABELS[key]?.(t) ?? key}: ${valueText(key, entry.from?.[key], names, t, language)} → ${valueText(key, entry.to?.[key], names, t, language)}`,
  );
}

function StaffHistory({ id, t }: { id: number; t: PersonnelTexts }) {
  const language = usePreferences((s) => s.language);
  const history = useCallQuery(personnelCalls.history, { id });
  const tree = useCallQuery(departmentCalls.tree, {});
  const companies = useCompanies();
  const names = useMemo(
    () => ({ departments: departmentNames(tree.data ?? []), companies: new Map((companies.data ?? []).map((company) => [company.id, company.name])) }),
    [tree.data, companies.data],
  );
  const dateTime = useDateTime();
  return (
    <section>
      <Typography.Title level={5}>{t.history}</Typography.Title>
      {!history.data ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : history.data.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.historyEmpty} />
      ) : (
        <Timeline
          items={history.data.map((entry) => ({
            key: entry.id,
            color: entry.action === 'delete' ? 'red' : entry.action === 'status' ? 'orange' : 'blue',
            content: (
              <div className="staff-history__entry">
                <Typography.Text strong>{t[`action_${entry.action}`]}</Typography.Text>
                <Typography.Text type="secondary">
                  {' '}
                  · {dateTime(entry.created_at)} · {t.by} {entry.staff_name ?? t.system}
                </Typography.Text>
                {entry.reason && (
                  <div>
                    {t.reason}：{entry.reason}
                  </div>
                )}
                {entry.action !== 'add' &&
                  changesOf(entry, names, t, language).map((line) => (
                    <div key={line} className="cell-muted staff-history__change">
                      {line}
                    </div>
                  ))}
              </div>
            ),
          }))}
        />
      )}
    </section>
  );
}

/** 关联账号 / 更换 / 解除关联, to staff who may link records and see sign-in accounts. */
function AccountActions({ record, t }: { record: StaffDetails; t: PersonnelTexts }) {
  const can = useCan();
  const { message, modal } = App.useApp();
  const [linking, setLinking] = useState(false);
  const link = useCallMutation(personnelCalls.linkAccount, STAFF_READS);
  if (!can('personnel.link_account') || !can('staff.view')) return null;
  const unlink = () =>
    modal.confirm({
      title: t.unlinkAccount,
      content: format(t.unlinkConfirm, { name: record.name, account: record.account!.staff_num }),
      onOk: async () => {
        await link.mutateAsync({ id: record.id, account_id: null });
        void message.success(t.accountUnlinked);
      },
    });
  return (
    <>
      <Button type="link" size="small" onClick={() => setLinking(true)}>
        {record.account ? t.changeAccount : t.linkAccount}
      </Button>
      {record.account && (
        <Button type="link" size="small" danger onClick={unlink}>
          {t.unlinkAccount}
        </Button>
      )}
      {linking && <LinkAccountModal record={record} onClose={() => setLinking(false)} />}
    </>
  );
}
