import { APPROVAL_COMMENT_MAX, APPROVAL_KIND_NAMES, REVIEW_KIND_WORDS, type ApprovalRequestRow } from '@juqi/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { App, Badge, Button, Descriptions, Empty, Form, Input, Modal, Pagination, Space, Spin, Steps, Tabs, Tag, Timeline, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { commonMessages } from '../../../components/messages';
import { QueryFailure } from '../../../components/query-failure';
import { useDateTime } from '../../../lib/date-time';
import { showOnField } from '../../../lib/form-errors';
import { format, useMessages } from '../../../lib/i18n';
import { usePreferences } from '../../../lib/preferences';
import { useOpenSubject } from '../../inform';
import { useDecide, useRequestDetails, useRequests, useReviews, useTodoCounts } from '../api';
import { actionLabels, approvalMessages, stateLabels } from '../messages';
import { useShownRequest } from './shown-request';
import { useStepText } from './step-text';
import '../approval.css';

const PAGE_SIZE = 10;
const STATE_COLORS = { pending: 'processing', approved: 'success', rejected: 'error', withdrawn: 'default' } as const;

type Decision = 'approve' | 'reject' | 'withdraw';

/**
 * The top bar's 待办审批 drawer: the requests waiting for my decision, the two-person steps waiting for my review, and
 * my own requests with where they stand, the first two tabs named with how many wait in them; over them, the details
 * of a request opened from elsewhere (`openApprovalRequest`).
 */
export function TodoPanel() {
  const t = useMessages(approvalMessages);
  const { id: shown, show } = useShownRequest();
  const counts = useTodoCounts();
  return (
    <>
      <Tabs
        items={[
          { key: 'todo', label: <CountedLabel label={t.todos} count={counts.requests} />, children: <RequestList mine={false} /> },
          { key: 'reviews', label: <CountedLabel label={t.reviews} count={counts.reviews} />, children: <ReviewList /> },
          { key: 'mine', label: t.mine, children: <RequestList mine /> },
        ]}
      />
      {shown !== null && <RequestDetailsModal key={shown} id={shown} onClose={() => show(null)} />}
    </>
  );
}

/** A tab's name with how many wait in it. */
function CountedLabel({ label, count }: { label: string; count: number }) {
  return (
    <Space size={6}>
      {label}
      <Badge count={count} size="small" />
    </Space>
  );
}

function RequestList({ mine }: { mine: boolean }) {
  const t = useMessages(approvalMessages);
  const states = useMessages(stateLabels);
  const language = usePreferences((s) => s.language);
  const dateTime = useDateTime();
  const [page, setPage] = useState(1);
  const list = useRequests(mine, page, PAGE_SIZE);
  const [open, setOpen] = useState<{ request: ApprovalRequestRow; decision: Decision | null } | null>(null);

  return (
    <>
      <PagedList list={list} page={page} onPage={setPage} label={mine ? t.mine : t.todos} empty={mine ? t.noRequests : t.noTodos}>
        {(request) => (
          <li key={request.id} className="approval-list__item">
            <Space wrap>
              <Typography.Text strong>{`${APPROVAL_KIND_NAMES[request.kind][language]} · ${request.subject_name}`}</Typography.Text>
              {mine ? <Tag color={STATE_COLORS[request.state]}>{states[request.state]}</Tag> : <Tag>{format(t.progress, { current: request.current_step + 1, total: request.step_count })}</Tag>}
            </Space>
            <div>{request.summary}</div>
            <Typography.Text type="secondary">{format(t.requestedBy, { name: personName(t, request.requester, request.requester_type), at: dateTime(request.created_at) })}</Typography.Text>
            <Space size={0} className="approval-list__actions">
              <Button type="link" onClick={() => setOpen({ request, decision: null })}>
                {t.details}
              </Button>
              {!mine && (
                <>
                  <Button type="link" onClick={() => setOpen({ request, decision: 'approve' })}>
                    {t.approve}
                  </Button>
                  <Button type="link" danger onClick={() => setOpen({ request, decision: 'reject' })}>
                    {t.reject}
                  </Button>
                </>
              )}
              {mine && request.state === 'pending' && (
                <Button type="link" danger onClick={() => setOpen({ request, decision: 'withdraw' })}>
                  {t.withdraw}
                </Button>
              )}
            </Space>
          </li>
        )}
      </PagedList>
      {open && (open.decision ? <DecisionModal request={open.request} decision={open.decision} onClose={() => setOpen(null)} /> : <RequestDetailsModal id={open.request.id} onClose={() => setOpen(null)} />)}
    </>
  );
}

/**
 * The two-person steps waiting for my review (docs/approvals.md › Reviews): what each is, who started it and since
 * when; 去处理 opens it where it is decided, as a notification about it does.
 */
function ReviewList() {
  const t = useMessages(approvalMessages);
  const language = usePreferences((s) => s.language);
  const dateTime = useDateTime();
  const openSubject = useOpenSubject();
  const [page, setPage] = useState(1);
  const list = useReviews(page, PAGE_SIZE);
  return (
    <PagedList list={list} page={page} onPage={setPage} label={t.reviews} empty={t.noReviews}>
      {(item) => {
        const words = REVIEW_KIND_WORDS[item.kind];
        return (
          <li key={`${item.subject.kind}:${item.subject.id}`} className="approval-list__item">
            <Typography.Text strong>{`${words.name[language]} · ${item.summary}`}</Typography.Text>
            <div>
              <Typography.Text type="secondary">
                {item.starter ? format(t.startedBy, { starter: words.starter[language], name: item.starter.name, at: dateTime(item.waiting_since) }) : dateTime(item.waiting_since)}
              </Typography.Text>
            </div>
            <Space size={0} className="approval-list__actions">
              <Button type="link" onClick={() => openSubject(item.subject)}>
                {t.review}
              </Button>
            </Space>
          </li>
        );
      }}
    </PagedList>
  );
}

/** A page of a to-do list: its failure, its loading or emptiness, its items (`children` draws each as an `li`), and its pages. */
function PagedList<T>({
  list,
  page,
  onPage,
  label,
  empty,
  children,
}: {
  list: UseQueryResult<{ count: number; data: T[] }>;
  page: number;
  onPage: (page: number) => void;
  label: string;
  empty: string;
  children: (item: T) => ReactNode;
}) {
  if (list.isError && !list.data) return <QueryFailure compact error={list.error} onRetry={() => void list.refetch()} />;
  return (
    <>
      {list.isPending ? (
        <Spin />
      ) : !list.data.data.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />
      ) : (
        <ul className="approval-list" aria-label={label}>
          {list.data.data.map(children)}
        </ul>
      )}
      {(list.data?.count ?? 0) > PAGE_SIZE && <Pagination size="small" current={page} pageSize={PAGE_SIZE} total={list.data!.count} onChange={onPage} className="approval-pages" />}
    </>
  );
}

/** Approve (an optional comment), reject (a comment required) or withdraw (an optional comment) one request. */
function DecisionModal({ request, decision, onClose }: { request: ApprovalRequestRow; decision: Decision; onClose: () => void }) {
  const t = useMessages(approvalMessages);
  const c = useMessages(commonMessages);
  const language = usePreferences((s) => s.language);
  const { message } = App.useApp();
  const [form] = Form.useForm<{ comment: string }>();
  const decide = useDecide();
  const titles = { approve: t.approve, reject: t.reject, withdraw: t.withdraw };
  const done = { approve: t.approved, reject: t.rejected, withdraw: t.withdrawn };

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const comment = values.comment?.trim() ?? '';
    try {
      await decide.mutateAsync(decision === 'withdraw' ? { decision, id: request.id, comment } : { decision, id: request.id, step: request.current_step, comment });
      void message.success(done[decision]);
      onClose();
    } catch (error) {
      // A 40900 (decided meanwhile) has been told by the client's notice; the lists have refreshed.
      if (!showOnField(form, error, ['comment'])) onClose();
    }
  };

  return (
    <Modal
      open
      title={`${titles[decision]} · ${APPROVAL_KIND_NAMES[request.kind][language]} · ${request.subject_name}`}
      okText={titles[decision]}
      okButtonProps={{ danger: decision !== 'approve' }}
      cancelText={c.cancel}
      confirmLoading={decide.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {decision === 'withdraw' && <Typography.Paragraph>{t.withdrawConfirm}</Typography.Paragraph>}
      <Typography.Paragraph type="secondary">{request.summary}</Typography.Paragraph>
      <Form form={form} layout="vertical" name="approval-decision">
        <Form.Item name="comment" label={t.comment} rules={decision === 'reject' ? [{ required: true, whitespace: true, message: t.commentRequired }] : []}>
          <Input.TextArea maxLength={APPROVAL_COMMENT_MAX} showCount autoSize={{ minRows: 3 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** A request whole: what is asked, its steps with their approvers, and every action with its comment. */
function RequestDetailsModal({ id, onClose }: { id: number; onClose: () => void }) {
  const t = useMessages(approvalMessages);
  const states = useMessages(stateLabels);
  const actions = useMessages(actionLabels);
  const language = usePreferences((s) => s.language);
  const dateTime = useDateTime();
  const stepText = useStepText();
  const details = useRequestDetails(id);
  const request = details.data;
  const status = (index: number) => {
    if (!request || index < request.current_step) return 'finish' as const;
    if (index > request.current_step) return 'wait' as const;
    return request.state === 'rejected' ? ('error' as const) : request.state === 'pending' ? ('process' as const) : ('wait' as const);
  };

  return (
    <Modal open footer={null} width={640} title={request ? `${APPROVAL_KIND_NAMES[request.kind][language]} · ${request.subject_name}` : t.details} onCancel={onClose} destroyOnHidden>
      {details.isError ? (
        <QueryFailure compact error={details.error} onRetry={() => void details.refetch()} />
      ) : !request ? (
        <Spin />
      ) : (
        <>
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: 'state', label: t.state, children: <Tag color={STATE_COLORS[request.state]}>{states[request.state]}</Tag> },
              { key: 'summary', label: t.subject, children: request.summary },
              { key: 'requester', label: t.requester, children: `${personName(t, request.requester, request.requester_type)} · ${dateTime(request.created_at)}` },
              { key: 'flow', label: t.flow, children: request.flow_name },
            ]}
          />
          <Steps
            orientation="vertical"
            size="small"
            current={Math.min(request.current_step, request.steps.length - 1)}
            className="approval-steps"
            items={request.steps.map((step, index) => ({
              title: `${format(t.step, { n: index + 1 })} · ${stepText(step)}`,
              content: step.approvers.map((person) => person.name).join('、'),
              status: status(index),
            }))}
          />
          <Timeline
            items={request.actions.map((action) => ({
              key: action.id,
              content: (
                <>
                  <div>{`${personName(t, action.actor, action.actor_type)} ${actions[action.action]}${action.step === null ? '' : `（${format(t.step, { n: action.step + 1 })}）`}`}</div>
                  {action.comment && <Typography.Text>{action.comment}</Typography.Text>}
                  <div>
                    <Typography.Text type="secondary">{dateTime(action.created_at)}</Typography.Text>
                  </div>
                </>
              ),
            }))}
          />
        </>
      )}
    </Modal>
  );
}

/** A staff member by name; a marketplace user who applied in the apps marked so (张三（App 用户）). */
function personName(t: { appUser: string }, person: { name: string }, type: 'staff' | 'app_user'): string {
  return type === 'app_user' ? format(t.appUser, { name: person.name }) : person.name;
}
