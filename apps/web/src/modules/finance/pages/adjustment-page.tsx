import {
  yuanText,
  ADJUSTMENT_DIRECTIONS,
  ADJUSTMENT_SETTING_KEYS,
  ADJUSTMENT_STATES,
  adjustmentCalls,
  adjustmentThresholdDefinitions,
  CURRENCIES,
  fieldTypes,
  type Adjustment,
  type AdjustmentDirection,
  type AdjustmentSettings,
  type AdjustmentSettingsProposal,
  type AdjustmentSettingsState,
  type AdjustmentState,
  type Currency,
} from '@juqi/contract';
import { Alert, Button, Descriptions, Flex, InputNumber, Popconfirm, Select, Space, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { ConfirmCloseDrawer } from '../../../components/confirm-close-drawer';
import { DetailList } from '../../../components/detail-list';
import { useNarrowScreen } from '../../../components/narrow-screen';
import { FieldFormItem } from '../../../components/fields';
import { commonMessages } from '../../../components/messages';
import { QueryFailure } from '../../../components/query-failure';
import { SettingsCard, SettingsForm, useSettingsForm } from '../../../components/settings-form';
import { CellLink, CellMuted, CellTag, type CellTone } from '../../../components/table-cells';
import { useToldWrite } from '../../../components/use-told-write';
import { useDateTime } from '../../../lib/date-time';
import { format, useMessages } from '../../../lib/i18n';
import { useCan, useIsOwnPerson } from '../../../lib/shell-session';
import { usePreferences } from '../../../lib/preferences';
import type { UrlValues } from '../../../lib/url-state';
import {
  adjustmentKeys,
  useAdjustmentDetails,
  useAdjustmentSettings,
  useApproveAdjustment,
  useApproveAdjustmentSettings,
  useEditAdjustmentSettings,
  useRejectAdjustment,
  useRejectAdjustmentSettings,
} from '../adjustment-api';
import { adjustmentMessages } from '../adjustment-messages';
import { AdjustmentFormModal } from '../components/adjustment-form';
import { RejectModal } from '../components/reject-modal';
import { DayRangeFilter } from '../../../components/records/day-range-filter';
import { RecordsPage } from '../../../components/records/records-page';
import { AmountRangeFilter } from '../../../components/records/amount-range-filter';
import { RecordEntries, RecordUser } from '../components/records';
import { ADJUSTMENT_SETTINGS_ANCHOR, ADJUSTMENT_URL } from '../record-urls';

type Filter = UrlValues<typeof ADJUSTMENT_URL>;

const STATE_TONE: Record<AdjustmentState, CellTone> = { pending: 'warning', posted: 'success', rejected: 'default' };
const STATE_LABEL = { pending: 'pending', posted: 'postedState', rejected: 'rejected' } as const;

/** An amount as the list shows it: yuan for money, a count of beans. */
function useAmountText() {
  const t = useMessages(adjustmentMessages);
  return (currency: Currency, amount: number) => (currency === 'CNY' ? yuanText(amount) : `${amount.toLocaleString('en-US')} ${t.beans}`);
}

function StateTag({ state }: { state: AdjustmentState }) {
  const t = useMessages(adjustmentMessages);
  return <CellTag tone={STATE_TONE[state]}>{t[STATE_LABEL[state]]}</CellTag>;
}

/**
 * /finance/adjustment (调账记录): staff's manual adjustments of users' money and beans, newest first, filtered by user,
 * state, account, direction, days and amount; the filtered set's count and sums per account above the table; a drawer
 * with the adjustment and its entries; 通过 and 驳回 for another staff than the applicant; 调账 and the approval amounts
 * for those who hold their operations (docs/finance.md › Adjustments).
 */
export function AdjustmentRecordsPage() {
  const t = useMessages(adjustmentMessages);
  const common = useMessages(commonMessages);
  const can = useCan();
  const dateTime = useDateTime();
  const amountText = useAmountText();
  const [applying, setApplying] = useState(false);
  return (
    <Flex vertical gap="middle">
      <RecordsPage
        title={t.title}
        url={ADJUSTMENT_URL}
        openKey="no"
        list={adjustmentCalls.adjustmentList}
        queryKey={adjustmentKeys.all}
        totals={(d) =>
          format(t.totals, {
            count: d.count,
            cnyCredit: yuanText(d.sum_credit_cny),
            cnyDebit: yuanText(d.sum_debit_cny),
            cnyPending: yuanText(d.sum_pending_cny),
            beanCredit: d.sum_credit_bean.toLocaleString('en-US'),
            beanDebit: d.sum_debit_bean.toLocaleString('en-US'),
            beanPending: d.sum_pending_bean.toLocaleString('en-US'),
          })
        }
        keywordLabel={t.keyword}
        Filters={AdjustmentFilters}
        tools={
          can('finance.adjust.apply') && (
            <Button type="primary" onClick={() => setApplying(true)}>
              {t.adjust}
            </Button>
          )
        }
        rowKey="adjustment_no"
        columns={(open) => [
          // Who, what, its state and the two people first, so they show at 1280 px beside the pinned actions; the
          // reason and the time follow, a scroll away.
          { key: 'adjustment_no', title: t.no, dataIndex: 'adjustment_no', width: 190 },
          { key: 'user', title: t.user, width: 150, ellipsis: true, render: (_, r: Adjustment) => <RecordUser record={r} /> },
          { key: 'currency', title: t.currency, width: 64, render: (_, r: Adjustment) => (r.currency === 'CNY' ? t.cash : t.beans) },
          { key: 'direction', title: t.direction, width: 64, render: (_, r: Adjustment) => t[r.direction] },
          { key: 'amount', title: t.amount, width: 120, align: 'right', render: (_, r: Adjustment) => amountText(r.currency, r.amount) },
          { key: 'state', title: t.state, width: 88, render: (_, r: Adjustment) => <StateTag state={r.state} /> },
          { key: 'applicant', title: t.applicant, width: 88, ellipsis: true, render: (_, r: Adjustment) => r.applicant_name },
          { key: 'approver', title: t.approver, width: 88, ellipsis: true, render: (_, r: Adjustment) => r.approver_name || <CellMuted>—</CellMuted> },
          { key: 'reason', title: t.reason, dataIndex: 'reason', width: 200, ellipsis: true },
          { key: 'created_at', title: t.appliedAt, width: 150, render: (_, r: Adjustment) => dateTime(r.created_at) },
          {
            key: 'actions',
            title: common.actions,
            width: 160,
            fixed: 'right',
            render: (_, r: Adjustment) => (
              <Flex gap={8} align="center" wrap>
                <CellLink onClick={() => open(r.adjustment_no)}>{t.details}</CellLink>
                <AdjustmentActions adjustment={r} compact />
              </Flex>
            ),
          },
        ]}
        Details={AdjustmentDetailsDrawer}
      />
      {can('finance.adjust.settings') && <ThresholdSettings />}
      {applying && <AdjustmentFormModal onClose={() => setApplying(false)} />}
    </Flex>
  );
}

/** The filters after the search box; the amount range takes the chosen account's unit, so it waits for one. */
function AdjustmentFilters({ filter, change }: { filter: Filter; change: (patch: Filter) => void }) {
  const t = useMessages(adjustmentMessages);
  const common = useMessages(commonMessages);
  const select = <K extends 'state' | 'currency' | 'direction'>(key: K, label: string, options: { value: NonNullable<Filter[K]>; label: string }[]) => (
    <Select
      className={`finance-filter__${key}`}
      prefix={label}
      aria-label={label}
      placeholder={common.all}
      allowClear
      value={filter[key]}
      options={options}
      onChange={(value: Filter[K] | undefined) => change({ [key]: value ?? undefined, ...(key === 'currency' && { amount_min: undefined, amount_max: undefined }) } as Filter)}
    />
  );
  return (
    <>
      {select('state', t.state, ADJUSTMENT_STATES.map((s) => ({ value: s, label: t[STATE_LABEL[s]] })))}
      {select('currency', t.currency, CURRENCIES.map((c) => ({ value: c, label: c === 'CNY' ? t.cash : t.beans })))}
      {select('direction', t.direction, ADJUSTMENT_DIRECTIONS.map((d: AdjustmentDirection) => ({ value: d, label: t[d] })))}
      <DayRangeFilter label={t.applyDays} value={filter.time} onChange={(time) => change({ time })} />
      {filter.currency === 'CNY' && <AmountRangeFilter value={filter} onChange={change} />}
      {filter.currency === 'BEAN' && <BeanRangeFilter value={filter} onChange={change} />}
    </>
  );
}

/** A range of beans, whole. */
function BeanRangeFilter({ value, onChange }: { value: Filter; onChange: (patch: Filter) => void }) {
  const t = useMessages(adjustmentMessages);
  const bound = (key: 'amount_min' | 'amount_max', label: string) => (
    <InputNumber<number> aria-label={label} placeholder={label} min={0} precision={0} value={value[key] ?? null} onChange={(n) => onChange({ [key]: n ?? undefined })} />
  );
  return (
    <Space.Compact className="finance-filter__amount">
      {bound('amount_min', t.beanMin)}
      {bound('amount_max', t.beanMax)}
    </Space.Compact>
  );
}

/** Whether the staff may decide this adjustment now: pending, the operation held, and not their own application. */
function useDecision(adjustment: Adjustment | undefined) {
  const can = useCan();
  const isOwnPerson = useIsOwnPerson();
  const open = adjustment?.state === 'pending' && can('finance.adjust.approve');
  const own = isOwnPerson(adjustment?.applicant_id);
  return { may: open && !own, ownPending: open && own };
}

/**
 * 通过 and 驳回 on a pending adjustment, for a staff holding the operation other than its applicant: approving asks in a
 * popover naming the user and the amount, rejecting asks for the reason. `compact`: link buttons, for a table row.
 */
function AdjustmentActions({ adjustment, compact = false }: { adjustment: Adjustment; compact?: boolean }) {
  const t = useMessages(adjustmentMessages);
  const common = useMessages(commonMessages);
  const told = useToldWrite();
  const amountText = useAmountText();
  const approve = useApproveAdjustment();
  const [rejecting, setRejecting] = useState(false);
  const { may } = useDecision(adjustment);
  if (!may) return null;
  const look = (primary: boolean) => (compact ? ({ type: 'link', size: 'small' } as const) : ({ type: primary ? 'primary' : 'default' } as const));

  const approveIt = () => told(() => approve.mutateAsync({ adjustment_no: adjustment.adjustment_no }), t.approved);

  return (
    <>
      <Popconfirm
        title={t.approveConfirm}
        description={format(t.approveWhat, { user: adjustment.user_name || `#${adjustment.user_id}`, direction: t[adjustment.direction], amount: amountText(adjustment.currency, adjustment.amount) })}
        okText={t.approve}
        cancelText={common.cancel}
        onConfirm={approveIt}
      >
        <Button {...look(true)} loading={approve.isPending}>
          {t.approve}
        </Button>
      </Popconfirm>
      <Button {...look(false)} danger onClick={() => setRejecting(true)}>
        {t.reject}
      </Button>
      {rejecting && <RejectAdjustmentModal adjustmentNo={adjustment.adjustment_no} onClose={() => setRejecting(false)} />}
    </>
  );
}

/** 驳回 an adjustment: its applicant sees the reason. */
function RejectAdjustmentModal({ adjustmentNo, onClose }: { adjustmentNo: string; onClose: () => void }) {
  const t = useMessages(adjustmentMessages);
  const reject = useRejectAdjustment();
  return (
    <RejectModal
      texts={{
        title: format(t.rejectTitle, { no: adjustmentNo }),
        reject: t.reject,
        reason: t.rejectReason,
        reasonRequired: t.rejectReasonRequired,
        reasonTooLong: t.rejectReasonTooLong,
        done: t.rejectedDone,
      }}
      reject={(reason) => reject.mutateAsync({ adjustment_no: adjustmentNo, reason })}
      pending={reject.isPending}
      onClose={onClose}
    />
  );
}

function AdjustmentDetailsDrawer({ recordKey: adjustmentNo, onClose }: { recordKey: string; onClose: () => void }) {
  const t = useMessages(adjustmentMessages);
  const dateTime = useDateTime();
  const amountText = useAmountText();
  const details = useAdjustmentDetails(adjustmentNo);
  const adjustment = details.data?.adjustment;
  const decision = useDecision(adjustment);
  return (
    <ConfirmCloseDrawer
      open
      size={640}
      title={`${t.detailTitle} ${adjustmentNo}`}
      onClose={onClose}
      footer={
        adjustment &&
        (decision.may || decision.ownPending) && (
          <Flex justify="flex-end" align="center" gap={8}>
            {decision.ownPending ? <Typography.Text type="secondary">{t.ownAdjustment}</Typography.Text> : <AdjustmentActions adjustment={adjustment} />}
          </Flex>
        )
      }
    >
      {details.isError && !details.data ? (
        <QueryFailure compact error={details.error} onRetry={() => void details.refetch()} />
      ) : (
        adjustment && (
          <Space orientation="vertical" size={16} className="finance-details">
            <DetailList size="small" bordered column={2}>
              <Descriptions.Item label={t.user}>{`${adjustment.user_name} ${adjustment.user_mobile}`}</Descriptions.Item>
              <Descriptions.Item label={t.state}>
                <StateTag state={adjustment.state} />
              </Descriptions.Item>
              <Descriptions.Item label={t.currency}>{adjustment.currency === 'CNY' ? t.cash : t.beans}</Descriptions.Item>
              <Descriptions.Item label={t.direction}>{t[adjustment.direction]}</Descriptions.Item>
              <Descriptions.Item label={t.amount} span="filled">
                {amountText(adjustment.currency, adjustment.amount)}
              </Descriptions.Item>
              <Descriptions.Item label={t.reason} span="filled">
                {adjustment.reason}
              </Descriptions.Item>
              <Descriptions.Item label={t.applicant}>{adjustment.applicant_name}</Descriptions.Item>
              <Descriptions.Item label={t.appliedAt}>{dateTime(adjustment.created_at)}</Descriptions.Item>
              <Descriptions.Item label={t.approver}>{adjustment.approver_name || '—'}</Descriptions.Item>
              <Descriptions.Item label={t.decidedAt}>{adjustment.decided_at ? dateTime(adjustment.decided_at) : '—'}</Descriptions.Item>
              {adjustment.reject_reason ? (
                <Descriptions.Item label={t.rejectReason} span="filled">
                  {adjustment.reject_reason}
                </Descriptions.Item>
              ) : null}
            </DetailList>
            <RecordEntries entries={details.data?.entries ?? []} emptyText={t.noEntries} />
          </Space>
        )
      )}
    </ConfirmCloseDrawer>
  );
}

/**
 * 调账审批设置: money edited in yuan and sent in fen by the registry's money editor; beans whole. A raise saved here waits
 * for a second person, shown above the form with its values and 批准生效 / 驳回 (撤回 for its proposer).
 */
function ThresholdSettings() {
  const t = useMessages(adjustmentMessages);
  const location = useLocation();
  const card = useRef<HTMLDivElement>(null);
  // A link naming the settings (a raise waiting, opened from a notice or a to-do) brings them into view, each time it is followed.
  useEffect(() => {
    if (location.hash === `#${ADJUSTMENT_SETTINGS_ANCHOR}`) card.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [location]);
  return (
    <div id={ADJUSTMENT_SETTINGS_ANCHOR} ref={card}>
      <SettingsCard title={t.settingsTitle} query={useAdjustmentSettings()}>
        {({ proposal, ...initial }) => (
          <>
            {proposal && <SettingsProposal proposal={proposal} />}
            <ThresholdsForm initial={initial} />
          </>
        )}
      </SettingsCard>
    </div>
  );
}

function ThresholdsForm({ initial }: { initial: AdjustmentSettings }) {
  const t = useMessages(adjustmentMessages);
  const settings = useSettingsForm<AdjustmentSettings, AdjustmentSettings, AdjustmentSettingsState>({
    edit: 'finance.adjust.settings',
    mutation: useEditAdjustmentSettings(),
    saved: (answer) => (answer.proposal ? t.settingsProposed : t.settingsSaved),
  });
  return (
    <SettingsForm<AdjustmentSettings>
      settings={settings}
      name="adjustment-settings"
      initialValues={initial}
      labelWidth={160}
      onFinish={(values) => void settings.save(values)}
      intro={<Typography.Paragraph type="secondary">{t.settingsHint}</Typography.Paragraph>}
    >
      {ADJUSTMENT_SETTING_KEYS.map((key) => (
        <FieldFormItem key={key} definition={adjustmentThresholdDefinitions[key]} />
      ))}
    </SettingsForm>
  );
}

/** A raise waiting for a second person: what it would set, who proposed it, and the decisions this staff may take. */
function SettingsProposal({ proposal }: { proposal: AdjustmentSettingsProposal }) {
  const t = useMessages(adjustmentMessages);
  const common = useMessages(commonMessages);
  const dateTime = useDateTime();
  const language = usePreferences((s) => s.language);
  const own = useIsOwnPerson()(proposal.proposer_id);
  // On a phone each label sits above its value: beside it, the settings' long names leave the figures a column.
  const narrow = useNarrowScreen();
  const approve = useApproveAdjustmentSettings();
  const reject = useRejectAdjustmentSettings();
  const decide = useToldWrite();
  const value = (key: (typeof ADJUSTMENT_SETTING_KEYS)[number]) => {
    const definition = adjustmentThresholdDefinitions[key];
    return fieldTypes.number.text(proposal.values[key], definition, language);
  };
  return (
    <Alert
      type="warning"
      showIcon
      className="finance-settings-proposal"
      title={t.proposalTitle}
      description={
        <Space orientation="vertical" size={8}>
          <Typography.Text>{format(t.proposalBy, { name: proposal.proposer_name, at: dateTime(proposal.proposed_at) })}</Typography.Text>
          <DetailList size="small" column={2} layout={narrow ? 'vertical' : 'horizontal'}>
            {ADJUSTMENT_SETTING_KEYS.map((key) => (
              <Descriptions.Item key={key} label={adjustmentThresholdDefinitions[key].label[language]}>
                {value(key)}
              </Descriptions.Item>
            ))}
          </DetailList>
          {own && <Typography.Text type="secondary">{t.proposalOwn}</Typography.Text>}
          <Space wrap>
            {!own && (
              <Popconfirm title={t.proposalApproveConfirm} okText={t.proposalApprove} cancelText={common.cancel} onConfirm={() => decide(() => approve.mutateAsync(proposal.id), t.proposalApproved)}>
                <Button type="primary" loading={approve.isPending}>
                  {t.proposalApprove}
                </Button>
              </Popconfirm>
            )}
            <Button danger={!own} loading={reject.isPending} onClick={() => void decide(() => reject.mutateAsync(proposal.id), t.proposalDropped)}>
              {own ? t.proposalWithdraw : t.proposalReject}
            </Button>
          </Space>
        </Space>
      }
    />
  );
}
