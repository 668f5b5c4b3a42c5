import { AGENCY_REASON_MAX, agencyListCalls, businessApplyCalls, yuanRangeText, type AgencyBusinessRow } from '@juqi/contract';
import { Button, Empty, Form, Input, List, Modal, Spin, Typography } from 'antd';
import { useState } from 'react';
import { commonMessages } from '../../../components/messages';
import { QueryFailure } from '../../../components/query-failure';
import { CellTag } from '../../../components/table-cells';
import { useToldWrite } from '../../../components/use-told-write';
import { useCallMutation, useCallQuery } from '../../../lib/call-hooks';
import { useDateTime } from '../../../lib/date-time';
import { format, useMessages } from '../../../lib/i18n';
import { useCan } from '../../../lib/shell-session';
import { agencyMessages } from '../messages';

/** A revocation changes the agency's businesses, its history and the applications' 当前可售. */
const REVOKE_READS = [businessApplyCalls.agencyBusinesses, agencyListCalls.agencyHistory, businessApplyCalls.businessApplyList];

/**
 * 可售业务 (the view paths "professional work" and "set meal"): the businesses the agency has been approved for, each
 * with whether it sells it now and its packages on sale; 撤销 for staff holding agency.business.revoke.
 */
export function AgencyBusinesses({ agencyId, agencyName }: { agencyId: number; agencyName: string }) {
  const t = useMessages(agencyMessages);
  const can = useCan();
  const dateTime = useDateTime();
  const businesses = useCallQuery(businessApplyCalls.agencyBusinesses, { agency_id: agencyId });
  const [revoking, setRevoking] = useState<AgencyBusinessRow | null>(null);
  if (businesses.isError) return <QueryFailure compact error={businesses.error} onRetry={() => void businesses.refetch()} />;
  if (businesses.isPending) return <Spin />;
  if (businesses.data.length === 0) return <Empty description={t.noBusinesses} />;
  return (
    <>
      <List
        dataSource={businesses.data}
        rowKey="business_id"
        renderItem={(row) => {
          const price = row.price_from === null || row.price_to === null ? null : yuanRangeText(row.price_from, row.price_to);
          return (
            <List.Item
              actions={
                row.selling && can('agency.business.revoke')
                  ? [
                      <Button key="revoke" size="small" danger onClick={() => setRevoking(row)} aria-label={`${t.revoke} ${row.business_name}`}>
                        {t.revoke}
                      </Button>,
                    ]
                  : []
              }
            >
              <List.Item.Meta
                title={
                  <>
                    {row.business_name} <CellTag tone={row.selling ? 'success' : 'default'}>{row.selling ? t.selling : t.revoked}</CellTag>
                    {!row.business_enabled && <CellTag tone="warning">{t.businessOffSale}</CellTag>}
                  </>
                }
                description={[
                  price ? `${format(t.packagesOnSale, { count: row.packages_on_sale })} · ${price}` : t.noPackagesOnSale,
                  row.approved_at && `${t.approvedAt} ${dateTime(row.approved_at)}`,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
            </List.Item>
          );
        }}
      />
      {revoking && <RevokeDialog agencyId={agencyId} agencyName={agencyName} business={revoking} onClose={() => setRevoking(null)} />}
    </>
  );
}

function RevokeDialog({ agencyId, agencyName, business, onClose }: { agencyId: number; agencyName: string; business: AgencyBusinessRow; onClose: () => void }) {
  const t = useMessages(agencyMessages);
  const common = useMessages(commonMessages);
  const told = useToldWrite();
  const [form] = Form.useForm<{ reason: string }>();
  const revoke = useCallMutation(businessApplyCalls.agencyBusinessRevoke, REVOKE_READS);
  const submit = async ({ reason }: { reason: string }) => {
    if (await told(() => revoke.mutateAsync({ agency_id: agencyId, business_id: business.business_id, reason: reason.trim() }), t.revokedDone)) onClose();
  };
  return (
    <Modal
      open
      title={`${t.revokeTitle} · ${agencyName} · ${business.business_name}`}
      okText={t.revoke}
      okButtonProps={{ danger: true }}
      cancelText={common.cancel}
      confirmLoading={revoke.isPending}
      onCancel={onClose}
      onOk={() => void form.validateFields().then(submit, () => undefined)}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="agency-business-revoke">
        <Typography.Paragraph type="secondary">{t.revokeHint}</Typography.Paragraph>
        <Form.Item name="reason" label={common.actionReason} rules={[{ required: true, whitespace: true, message: common.actionReasonRequired }]}>
          <Input.TextArea autoSize={{ minRows: 3 }} maxLength={AGENCY_REASON_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
