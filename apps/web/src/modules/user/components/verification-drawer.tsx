import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { userCalls, type VerificationDetail } from '@juqi/contract';
import { App, Button, Descriptions, Empty, Flex, Form, Image, Input, Modal, Popconfirm, Skeleton, Space, Timeline, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { ConfirmCloseDrawer } from '../../../components/confirm-close-drawer';
import { DetailList } from '../../../components/detail-list';
import { QueryFailure } from '../../../components/query-failure';
import { useCallQuery } from '../../../lib/call-hooks';
import { useDateTime } from '../../../lib/date-time';
import { format, useMessages } from '../../../lib/i18n';
import { useCan } from '../../../lib/shell-session';
import { useAuditVerification } from '../api/audit-verification';
import { useVerificationDocument } from '../api/get-verification-document';
import { userMessages, type UserTexts } from '../messages';
import { useCodes } from './codes';
import { SubmissionStateTag } from './verification-state-tag';

const REASON_MAX = 200;
/** Shown where a document's image cannot be loaded (a missing or removed file). */
const MISSING_IMAGE =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="130"><rect width="100%" height="100%" fill="#f5f5f5"/><path d="M80 50h40v30H80z" fill="none" stroke="#bfbfbf" stroke-width="2"/><circle cx="92" cy="60" r="4" fill="#bfbfbf"/><path d="M82 78l12-12 8 8 6-6 10 10" fill="none" stroke="#bfbfbf" stroke-width="2"/></svg>',
  );

/** Whether a document's picture was shown (loaded in the browser) or could not be. */
type DocumentState = 'loaded' | 'failed';
type DocumentStates = ReadonlyMap<string, DocumentState>;

/**
 * One submission in full: who and what, the documents as images, the review history, and approve / reject. Approving
 * a submission whose documents were not all shown (none, failed or still loading) asks with a warning instead.
 */
export function VerificationDrawer({ id, onClose }: { id: number; onClose: () => void }) {
  const t = useMessages(userMessages);
  const can = useCan();
  const { message } = App.useApp();
  const verification = useCallQuery(userCalls.verificationFind, { id });
  const audit = useAuditVerification();
  const [rejecting, setRejecting] = useState(false);
  // By document URL, so a state never carries over to another submission.
  const [documents, setDocuments] = useState<DocumentStates>(new Map());
  const detail = verification.data;
  const mayDecide = detail?.state === 1 && can('user.verification.audit');
  const unseen = detail ? detail.documents.filter((d) => documents.get(d.url) !== 'loaded').length : 0;
  const warning = !detail ? null : detail.documents.length === 0 ? t.approveNoDocuments : unseen > 0 ? format(t.approveUnseen, { count: unseen }) : null;
  const onDocument = (url: string, state: DocumentState) =>
    setDocuments((current) => (current.get(url) === state ? current : new Map(current).set(url, state)));

  const approve = async () => {
    try {
      await audit.mutateAsync({ id, action: 'approve', reason: '' });
      void message.success(t.approved);
    } catch {
      // Shown by the API client (for instance 40900: someone decided it meanwhile); the drawer shows the fresh state.
      void verification.refetch();
    }
  };

  return (
    <ConfirmCloseDrawer
      open
      size={640}
      title={detail ? format(t.verificationTitle, { name: detail.user_name }) : t.tabVerification}
      onClose={onClose}
      extra={detail && <SubmissionStateTag state={detail.state} />}
      footer={
        mayDecide && (
          <Flex justify="flex-end" gap={8}>
            <Button danger icon={<CloseOutlined />} onClick={() => setRejecting(true)}>
              {t.reject}
            </Button>
            <Popconfirm
              title={warning ? t.approveUnseenTitle : t.approveConfirm}
              description={warning}
              okText={warning ? t.approveAnyway : t.approve}
              okButtonProps={{ danger: warning !== null }}
              cancelText={t.cancel}
              // The warning is a sentence: wrapped, not one line across a phone's screen.
              styles={{ root: { maxWidth: 360 } }}
              onConfirm={approve}
            >
              <Button type="primary" icon={<CheckOutlined />} loading={audit.isPending}>
                {t.approve}
              </Button>
            </Popconfirm>
          </Flex>
        )
      }
    >
      {verification.isError && !detail ? (
        <QueryFailure compact error={verification.error} onRetry={() => void verification.refetch()} />
      ) : !detail ? (
        <Skeleton active />
      ) : (
        <VerificationBody detail={detail} documents={documents} onDocument={onDocument} t={t} />
      )}
      {rejecting && (
        <RejectModal
          pending={audit.isPending}
          onCancel={() => setRejecting(false)}
          onReject={async (reason) => {
            try {
              await audit.mutateAsync({ id, action: 'reject', reason });
            } catch {
              void verification.refetch();
              return;
            }
            void message.success(t.rejected);
            setRejecting(false);
          }}
        />
      )}
    </ConfirmCloseDrawer>
  );
}

interface BodyProps {
  detail: VerificationDetail;
  documents: DocumentStates;
  onDocument: (url: string, state: DocumentState) => void;
  t: UserTexts;
}

function VerificationBody({ detail, documents, onDocument, t }: BodyProps) {
  const codes = useCodes();
  const dateTime = useDateTime();
  const personal = detail.type === 1;
  const auditLabel = { submit: t.auditSubmit, approve: t.auditApprove, reject: t.auditReject };
  return (
    <Space orientation="vertical" size={24} className="user-block">
      <DetailList size="small" column={2} bordered>
        <Descriptions.Item label={t.colUser}>{format(t.userWithId, { name: detail.user_name, id: detail.user_id })}</Descriptions.Item>
        <Descriptions.Item label={t.mobile}>{detail.user_mobile}</Descriptions.Item>
        <Descriptions.Item label={t.typeFilter}>{codes.label('verification_type', detail.type)}</Descriptions.Item>
        <Descriptions.Item label={t.submittedAt}>{dateTime(detail.submitted_at)}</Descriptions.Item>
        {personal ? (
          <>
            <Descriptions.Item label={t.realNameLabel}>{detail.subject_name}</Descriptions.Item>
            <Descriptions.Item label={t.idNumber}>
              <Typography.Text copyable>{detail.id_number}</Typography.Text>
            </Descriptions.Item>
          </>
        ) : (
          <>
            <Descriptions.Item label={t.enterpriseName} span="filled">
              {detail.enterprise_name}
            </Descriptions.Item>
            <Descriptions.Item label={t.creditCode}>
              <Typography.Text copyable>{detail.credit_code}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t.legalPerson}>{detail.legal_person}</Descriptions.Item>
          </>
        )}
        {detail.reviewed_at && (
          <>
            <Descriptions.Item label={t.reviewer}>{detail.reviewer_name || t.system}</Descriptions.Item>
            <Descriptions.Item label={t.reviewedAt}>{dateTime(detail.reviewed_at)}</Descriptions.Item>
          </>
        )}
        {detail.reason ? (
          <Descriptions.Item label={t.rejectReason} span="filled">
            {detail.reason}
          </Descriptions.Item>
        ) : null}
      </DetailList>

      <section>
        <Typography.Title level={5}>{t.documents}</Typography.Title>
        {detail.documents.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.noDocuments} />
        ) : (
          <Image.PreviewGroup>
            <div className="user-documents">
              {detail.documents.map((doc, index) => (
                <DocumentFigure
                  key={doc.url}
                  id={detail.id}
                  index={index}
                  label={t[doc.kind]}
                  state={documents.get(doc.url)}
                  onState={(state) => onDocument(doc.url, state)}
                  t={t}
                />
              ))}
            </div>
          </Image.PreviewGroup>
        )}
      </section>

      <section>
        <Typography.Title level={5}>{t.auditTrail}</Typography.Title>
        <Timeline
          items={detail.audit.map((entry) => ({
            key: entry.id,
            color: entry.action === 'approve' ? 'green' : entry.action === 'reject' ? 'red' : 'blue',
            content: (
              <>
                <Typography.Text strong>{auditLabel[entry.action]}</Typography.Text>
                <Typography.Text type="secondary"> · {dateTime(entry.created_at)}</Typography.Text>
                {entry.staff_name && <div>{format(t.by, { name: entry.staff_name })}</div>}
                {entry.reason && <div>{entry.reason}</div>}
              </>
            ),
          }))}
        />
      </section>
    </Space>
  );
}

interface DocumentFigureProps {
  id: number;
  index: number;
  label: string;
  state: DocumentState | undefined;
  onState: (state: DocumentState) => void;
  t: UserTexts;
}

/**
 * One document, fetched through the checked call and shown from its bytes. One that cannot be fetched or shown says
 * so in words, not only by a grey picture.
 */
function DocumentFigure({ id, index, label, state, onState, t }: DocumentFigureProps) {
  const file = useVerificationDocument(id, index);
  const url = file.data;
  const fetchFailed = file.isError;
  useEffect(() => {
    if (fetchFailed) onState('failed');
  }, [fetchFailed, onState]);
  return (
    <figure className="user-documents__item">
      {fetchFailed ? (
        <Image src={MISSING_IMAGE} alt={label} width={180} height={120} preview={false} className="user-documents__image" />
      ) : url ? (
        <Image
          src={url}
          alt={label}
          width={180}
          height={120}
          fallback={MISSING_IMAGE}
          className="user-documents__image"
          // The load event of the picture inside; the fallback's own load does not count as the document seen.
          onLoad={(event) => {
            if ((event.target as HTMLImageElement).src === url) onState('loaded');
          }}
          onError={() => onState('failed')}
        />
      ) : (
        <Skeleton.Image active className="user-documents__pending" />
      )}
      <figcaption>
        {label}
        {state === 'failed' && (
          <Typography.Text type="danger" className="user-documents__missing">
            {t.imageMissing}
          </Typography.Text>
        )}
      </figcaption>
    </figure>
  );
}

function RejectModal({ pending, onCancel, onReject }: { pending: boolean; onCancel: () => void; onReject: (reason: string) => void }) {
  const t = useMessages(userMessages);
  return (
    <Modal
      open
      title={t.rejectTitle}
      okText={t.reject}
      okButtonProps={{ danger: true, loading: pending, htmlType: 'submit', form: 'verification-reject-form' }}
      cancelText={t.cancel}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form id="verification-reject-form" layout="vertical" onFinish={({ reason }: { reason: string }) => onReject(reason.trim())}>
        <Form.Item
          name="reason"
          label={t.rejectReason}
          rules={[
            { required: true, whitespace: true, message: t.rejectReasonRequired },
            { max: REASON_MAX, message: t.reasonTooLong },
          ]}
        >
          <Input.TextArea autoFocus rows={3} maxLength={REASON_MAX} showCount placeholder={t.rejectReasonPlaceholder} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
