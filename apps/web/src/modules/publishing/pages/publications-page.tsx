import { SendOutlined } from '@ant-design/icons';
import {
  PUBLICATION_MODE_NAMES,
  PUBLICATION_STATE_NAMES,
  PUBLICATION_STATES,
  PUBLISH_BATCH_MAX,
  publishingCalls,
  type PublicationMode,
  type PublicationRow,
  type PublicationState,
} from '@juqi/contract';
import { App, Alert, Button, DatePicker, Descriptions, Form, Modal, Popconfirm, Select, Space, Table, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { ConfirmCloseDrawer } from '../../../components/confirm-close-drawer';
import { DetailList } from '../../../components/detail-list';
import { commonMessages } from '../../../components/messages';
import { QueryFailure } from '../../../components/query-failure';
import { RecordsPage } from '../../../components/records/records-page';
import { CellLink, CellMuted, CellTag, type CellTone } from '../../../components/table-cells';
import { TimeZoneNote } from '../../../components/time-zone-note';
import { useCallMutation, useCallQuery } from '../../../lib/call-hooks';
import { pickedInstant, useDateTime, useTimeZone } from '../../../lib/date-time';
import { showOnField } from '../../../lib/form-errors';
import { format, useMessages } from '../../../lib/i18n';
import { usePreferences } from '../../../lib/preferences';
import { useCan } from '../../../lib/shell-session';
import { urlField, type UrlValues } from '../../../lib/url-state';
import { ApprovedMaterials, EnabledAccounts, PUBLICATIONS_CHANGED } from '../components/publish-choices';
import { publishingMessages } from '../messages';
import { SmartPublishButton } from './smart-publish';

const shape = publishingCalls.publicationList.body!.shape;

/** The list's filters as the URL keeps them (`?state=4&state=5&mode=2`). */
const PUBLICATIONS_URL = {
  keyword: urlField('text', shape.keyword),
  state: urlField('list', shape.state),
  mode: urlField('number', shape.mode),
};

const STATE_TONE: Record<PublicationState, CellTone> = { 1: 'processing', 2: 'processing', 3: 'success', 4: 'error', 5: 'warning', 6: 'default' };

function StateTag({ state }: { state: PublicationState }) {
  const language = usePreferences((s) => s.language);
  return <CellTag tone={STATE_TONE[state]}>{PUBLICATION_STATE_NAMES[state][language]}</CellTag>;
}

type Screen = 'manual' | 'timed' | 'smart';

/**
 * 手动发布, 定时发布 and 智能发布 (docs/publishing.md › Publishing): every publication, newest scheduled first, filtered by
 * title, state and mode, each opening its tries; beside the filters, how the screen publishes — now, at a chosen time,
 * or by a plan shown before it is confirmed. Retry, cancel and 核实 are in the row, as its state allows.
 */
export function PublicationsPage({ screen }: { screen: Screen }) {
  const t = useMessages(publishingMessages);
  const language = usePreferences((s) => s.language);
  const dateTime = useDateTime();
  const can = useCan();
  return (
    <RecordsPage
      title={{ manual: t.manualTitle, timed: t.timedTitle, smart: t.smartPublishTitle }[screen]}
      url={PUBLICATIONS_URL}
      list={publishingCalls.publicationList}
      keywordLabel={t.searchTitle}
      Filters={PublicationFilters}
      tools={can('publishing.publish.edit') ? screen === 'smart' ? <SmartPublishButton /> : <PublishButton timed={screen === 'timed'} /> : undefined}
      rowKey="id"
      columns={(open) => [
        { key: 'title', title: t.materials, dataIndex: 'title', ellipsis: true, width: 240 },
        { key: 'account', title: t.account, dataIndex: 'account_name', width: 140, ellipsis: true },
        { key: 'mode', title: t.mode, width: 90, render: (_, r: PublicationRow) => PUBLICATION_MODE_NAMES[r.mode][language] },
        { key: 'state', title: t.state, width: 100, render: (_, r: PublicationRow) => <StateTag state={r.state} /> },
        { key: 'scheduled_at', title: t.scheduledAt, width: 150, render: (_, r: PublicationRow) => dateTime(r.scheduled_at) },
        { key: 'attempts', title: t.attempts, width: 64, align: 'right', dataIndex: 'attempts' },
        {
          key: 'url',
          title: t.link,
          width: 180,
          ellipsis: true,
          render: (_, r: PublicationRow) =>
            r.url ? (
              <Typography.Link href={r.url} target="_blank" rel="noreferrer">
                {r.url}
              </Typography.Link>
            ) : (
              <CellMuted>—</CellMuted>
            ),
        },
        { key: 'error', title: t.error, dataIndex: 'error', width: 200, ellipsis: true },
        { key: 'actions', title: t.details, width: 180, fixed: 'right', render: (_, r: PublicationRow) => <RowActions row={r} onOpen={() => open(String(r.id))} /> },
      ]}
      Details={PublicationDrawer}
    />
  );
}

function PublicationFilters({ filter, change }: { filter: UrlValues<typeof PUBLICATIONS_URL>; change: (patch: UrlValues<typeof PUBLICATIONS_URL>) => void }) {
  const t = useMessages(publishingMessages);
  const common = useMessages(commonMessages);
  const language = usePreferences((s) => s.language);
  return (
    <>
      <Select<PublicationState[]>
        className="publishing-filter__state"
        mode="multiple"
        prefix={t.state}
        aria-label={t.state}
        placeholder={common.all}
        allowClear
        maxTagCount="responsive"
        value={filter.state as PublicationState[] | undefined}
        options={Object.values(PUBLICATION_STATES).map((value) => ({ value, label: PUBLICATION_STATE_NAMES[value][language] }))}
        onChange={(state) => change({ state: state.length ? state : undefined })}
      />
      <Select<PublicationMode>
        className="publishing-filter__mode"
        prefix={t.mode}
        aria-label={t.mode}
        placeholder={common.all}
        allowClear
        value={filter.mode as PublicationMode | undefined}
        options={Object.entries(PUBLICATION_MODE_NAMES).map(([value, name]) => ({ value: Number(value) as PublicationMode, label: name[language] }))}
        onChange={(mode) => change({ mode })}
      />
    </>
  );
}

/** What a row's state allows: 详情 always; 重试 from failed or cancelled, 取消 while it waits or did not land, 核实 when unknown. */
function RowActions({ row, onOpen }: { row: PublicationRow; onOpen: () => void }) {
  const t = useMessages(publishingMessages);
  const { message } = App.useApp();
  const can = useCan();
  const language = usePreferences((s) => s.language);
  const retry = useCallMutation(publishingCalls.publicationRetry, PUBLICATIONS_CHANGED);
  const cancel = useCallMutation(publishingCalls.publicationCancel, PUBLICATIONS_CHANGED);
  const check = useCallMutation(publishingCalls.publicationCheck, PUBLICATIONS_CHANGED);
  const { failed, cancelled, scheduled, unknown } = PUBLICATION_STATES;
  const mayEdit = can('publishing.publish.edit');
  return (
    <Space size={12}>
      <CellLink onClick={onOpen}>{t.details}</CellLink>
      {mayEdit && (row.state === failed || row.state === cancelled) && (
        <CellLink onClick={() => void retry.mutateAsync({ id: row.id }).then(() => message.success(t.retried))}>{t.retryPublish}</CellLink>
      )}
      {mayEdit && row.state === unknown && (
        <CellLink onClick={() => void check.mutateAsync({ id: row.id }).then((after) => message.info(format(t.checked, { state: PUBLICATION_STATE_NAMES[after.state][language] })))}>
          {t.checkNow}
        </CellLink>
      )}
      {mayEdit && (row.state === scheduled || row.state === failed || row.state === unknown) && (
        <Popconfirm title={format(t.cancelAsk, { title: row.title, account: row.account_name })} onConfirm={() => cancel.mutateAsync({ id: row.id }).then(() => void message.success(t.cancelled))}>
          <CellLink danger onClick={() => undefined}>
            {t.cancel}
          </CellLink>
        </Popconfirm>
      )}
    </Space>
  );
}

type PublishValues = { material_ids: number[]; account_ids: number[]; at?: Dayjs | null };

/** 发布: approved materials on enabled accounts, now or at a time; a refusal shows on the field it names. */
function PublishButton({ timed }: { timed: boolean }) {
  const t = useMessages(publishingMessages);
  const c = useMessages(commonMessages);
  const { message } = App.useApp();
  const zone = useTimeZone();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<PublishValues>();
  const publish = useCallMutation(publishingCalls.publish, PUBLICATIONS_CHANGED);
  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    try {
      const { ids } = await publish.mutateAsync({
        material_ids: values.material_ids,
        account_ids: values.account_ids,
        ...(timed && values.at && { at: pickedInstant(values.at.format('YYYY-MM-DD HH:mm'), zone) }),
      });
      void message.success(format(t.scheduledCount, { count: ids.length }));
      setOpen(false);
      form.resetFields();
    } catch (error) {
      showOnField(form, error, ['material_ids', 'account_ids', 'at']);
    }
  };
  return (
    <>
      <Button type="primary" icon={<SendOutlined />} onClick={() => setOpen(true)}>
        {timed ? t.publishTimed : t.publishNow}
      </Button>
      <Modal open={open} title={t.publishTitle} okText={timed ? t.publishTimed : t.publishNow} cancelText={c.cancel} confirmLoading={publish.isPending} onOk={() => void submit()} onCancel={() => setOpen(false)} destroyOnHidden>
        <Form<PublishValues> form={form} layout="vertical" name="publishing-publish-form" preserve={false}>
          <Form.Item name="material_ids" label={t.materials} extra={t.materialsHint} rules={[{ required: true, type: 'array', min: 1, message: t.materialsHint }]}>
            <ApprovedMaterials max={PUBLISH_BATCH_MAX} />
          </Form.Item>
          <Form.Item name="account_ids" label={t.accounts} extra={t.accountsHint} rules={[{ required: true, type: 'array', min: 1, message: t.accountsHint }]}>
            <EnabledAccounts max={PUBLISH_BATCH_MAX} />
          </Form.Item>
          {timed && (
            <Form.Item
              name="at"
              label={t.at}
              rules={[{ required: true, message: t.atHint }]}
              extra={
                <>
                  {t.atHint} <TimeZoneNote />
                </>
              }
            >
              <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" />
            </Form.Item>
          )}
        </Form>
      </Modal>
    </>
  );
}

/** A publication and its tries, oldest first; an unknown outcome says what happens next. */
function PublicationDrawer({ recordKey, onClose }: { recordKey: string; onClose: () => void }) {
  const t = useMessages(publishingMessages);
  const language = usePreferences((s) => s.language);
  const dateTime = useDateTime();
  const details = useCallQuery(publishingCalls.publicationDetails, { id: Number(recordKey) });
  const row = details.data;
  return (
    <ConfirmCloseDrawer open size={640} title={row?.title ?? t.details} onClose={onClose}>
      {details.isError && !row ? (
        <QueryFailure compact error={details.error} onRetry={() => void details.refetch()} />
      ) : (
        row && (
          <Space orientation="vertical" size={16} className="publishing-details">
            {row.state === PUBLICATION_STATES.unknown && <Alert type="warning" showIcon title={t.unknownHint} />}
            <DetailList size="small" bordered column={2}>
              <Descriptions.Item label={t.account}>{row.account_name}</Descriptions.Item>
              <Descriptions.Item label={t.mode}>{PUBLICATION_MODE_NAMES[row.mode][language]}</Descriptions.Item>
              <Descriptions.Item label={t.state}>
                <StateTag state={row.state} />
              </Descriptions.Item>
              <Descriptions.Item label={t.attempts}>{row.attempts}</Descriptions.Item>
              <Descriptions.Item label={t.scheduledAt}>{dateTime(row.scheduled_at)}</Descriptions.Item>
              <Descriptions.Item label={t.publishedAt}>{row.published_at ? dateTime(row.published_at) : '—'}</Descriptions.Item>
              <Descriptions.Item label={t.link} span="filled">
                {row.url ? (
                  <Typography.Link href={row.url} target="_blank" rel="noreferrer">
                    {row.url}
                  </Typography.Link>
                ) : (
                  '—'
                )}
              </Descriptions.Item>
              <Descriptions.Item label={t.error} span="filled">
                {row.error || '—'}
              </Descriptions.Item>
            </DetailList>
            <Typography.Title level={5}>{t.attemptsTitle}</Typography.Title>
            <Table
              size="small"
              rowKey="at"
              pagination={false}
              locale={{ emptyText: t.noAttempts }}
              dataSource={row.attempts_made}
              columns={[
                { key: 'at', title: t.scheduledAt, width: 150, render: (_, a) => dateTime(a.at) },
                { key: 'outcome', title: t.outcome, dataIndex: 'outcome', width: 100 },
                { key: 'ms', title: t.took, width: 80, align: 'right', render: (_, a) => `${a.ms} ms` },
                { key: 'message', title: t.error, dataIndex: 'message', ellipsis: true },
              ]}
            />
          </Space>
        )
      )}
    </ConfirmCloseDrawer>
  );
}

/** 手动发布: the publications, and 立即发布. */
export const ManualPublishingPage = () => <PublicationsPage screen="manual" />;
/** 定时发布: the publications, and 定时发布 at a chosen time. */
export const TimedPublishingPage = () => <PublicationsPage screen="timed" />;
/** 智能发布: the publications, and a plan over the accounts' windows. */
export const SmartPublishingPage = () => <PublicationsPage screen="smart" />;
