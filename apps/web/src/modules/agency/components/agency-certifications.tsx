import {
  agencyListCalls,
  CERTIFICATION_REASON_MAX,
  CERTIFICATION_STATE_NAMES,
  certificationCalls,
  codeName,
  VIDEO_PLATFORM_NAMES,
  type CertificationRow,
} from '@juqi/contract';
import { Button, Card, Empty, Flex, Form, Image, Input, Modal, Skeleton, Spin, Typography } from 'antd';
import { useState } from 'react';
import { commonMessages } from '../../../components/messages';
import { QueryFailure } from '../../../components/query-failure';
import { CellTag, type CellTone } from '../../../components/table-cells';
import { useToldWrite } from '../../../components/use-told-write';
import { useCallMutation, useCallQuery } from '../../../lib/call-hooks';
import { useCheckedPicture } from '../../../lib/checked-picture';
import { useDateTime } from '../../../lib/date-time';
import { format, useMessages } from '../../../lib/i18n';
import { usePreferences } from '../../../lib/preferences';
import { useCan } from '../../../lib/shell-session';
import { agencyMessages } from '../messages';

const TONES: Record<number, CellTone> = { 1: 'processing', 2: 'success', 0: 'error' };
/** A decision changes the tab and the agency's history. */
const CERTIFICATION_READS = [certificationCalls.certificationList, agencyListCalls.agencyHistory];

/**
 * 视频平台认证 (the view path "certification for a video platform"): the agency's accounts on video platforms, newest
 * first, each with its pictures (fetched through the checked call, each read audited) and, while under review, 通过
 * and 驳回 for staff who may decide.
 */
export function AgencyCertifications({ agencyId }: { agencyId: number }) {
  const t = useMessages(agencyMessages);
  const query = useCallQuery(certificationCalls.certificationList, { agency_id: agencyId, page: 1, limit: 50 });
  const [rejecting, setRejecting] = useState<CertificationRow | null>(null);
  if (query.isError && !query.data) return <QueryFailure compact error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <Spin />;
  if (query.data.count === 0) return <Empty description={t.noCertifications} />;
  return (
    <Flex vertical gap={12}>
      {query.data.data.map((row) => (
        <CertificationCard key={row.id} row={row} onReject={() => setRejecting(row)} />
      ))}
      {rejecting && <RejectDialog row={rejecting} onClose={() => setRejecting(null)} />}
    </Flex>
  );
}

function CertificationCard({ row, onReject }: { row: CertificationRow; onReject: () => void }) {
  const t = useMessages(agencyMessages);
  const language = usePreferences((s) => s.language);
  const dateTime = useDateTime();
  const can = useCan();
  const told = useToldWrite();
  const decide = useCallMutation(certificationCalls.certificationAudit, CERTIFICATION_READS);
  const platform = codeName(VIDEO_PLATFORM_NAMES, row.platform, language);
  return (
    <Card
      size="small"
      title={
        <Flex gap={8} align="center" wrap>
          <span>{platform}</span>
          <CellTag tone={TONES[row.state] ?? 'default'}>{codeName(CERTIFICATION_STATE_NAMES, row.state, language)}</CellTag>
        </Flex>
      }
      extra={
        row.state === 1 &&
        can('agency.certification.audit') && (
          <Flex gap={8}>
            <Button size="small" type="primary" loading={decide.isPending} onClick={() => void told(() => decide.mutateAsync({ id: row.id, action: 'approve', reason: '' }), t.certificationApproved)}>
              {t.approve}
            </Button>
            <Button size="small" danger onClick={onReject}>
              {t.reject}
            </Button>
          </Flex>
        )
      }
    >
      <Flex vertical gap={8}>
        <Typography.Text>
          {row.account_name} <Typography.Text type="secondary">· {format(t.accountId, { id: row.account_id })}</Typography.Text>
        </Typography.Text>
        <Typography.Text type="secondary">
          {format(t.submittedAt, { at: dateTime(row.submitted_at) })}
          {row.decided_at && ` · ${format(t.decidedBy, { at: dateTime(row.decided_at), name: row.reviewer_name ?? t.none })}`}
        </Typography.Text>
        {row.state === 0 && row.reason && <Typography.Text type="danger">{format(t.rejectedFor, { reason: row.reason })}</Typography.Text>}
        <Image.PreviewGroup>
          <Flex gap={8} wrap>
            {row.documents.map((url, index) => (
              <CertificationPicture key={url} id={row.id} index={index} label={format(t.certificationPicture, { platform, n: index + 1 })} />
            ))}
          </Flex>
        </Image.PreviewGroup>
      </Flex>
    </Card>
  );
}

/** One picture, fetched with the session's token through the checked call: an `<img>` could not send it. */
function CertificationPicture({ id, index, label }: { id: number; index: number; label: string }) {
  const t = useMessages(agencyMessages);
  const picture = useCheckedPicture(certificationCalls.certificationDocument, { id, index });
  if (picture.isError) return <Typography.Text type="danger">{format(t.pictureMissing, { label })}</Typography.Text>;
  if (!picture.data) return <Skeleton.Image active />;
  return <Image src={picture.data} alt={label} width={120} height={90} style={{ objectFit: 'cover' }} />;
}

/** 驳回 asks why: the agency reads the reason in the apps. */
function RejectDialog({ row, onClose }: { row: CertificationRow; onClose: () => void }) {
  const t = useMessages(agencyMessages);
  const common = useMessages(commonMessages);
  const language = usePreferences((s) => s.language);
  const told = useToldWrite();
  const decide = useCallMutation(certificationCalls.certificationAudit, CERTIFICATION_READS);
  const [form] = Form.useForm<{ reason: string }>();
  const submit = async ({ reason }: { reason: string }) => {
    if (await told(() => decide.mutateAsync({ id: row.id, action: 'reject', reason: reason.trim() }), t.certificationRejected)) onClose();
  };
  return (
    <Modal
      open
      title={`${t.reject} · ${codeName(VIDEO_PLATFORM_NAMES, row.platform, language)} · ${row.account_name}`}
      okText={t.reject}
      okButtonProps={{ danger: true }}
      cancelText={common.cancel}
      confirmLoading={decide.isPending}
      onCancel={onClose}
      onOk={() => void form.validateFields().then(submit, () => undefined)}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="certification-reject">
        <Form.Item name="reason" label={t.rejectReason} rules={[{ required: true, whitespace: true, message: t.rejectReasonRequired }]}>
          <Input.TextArea autoSize={{ minRows: 3 }} maxLength={CERTIFICATION_REASON_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
