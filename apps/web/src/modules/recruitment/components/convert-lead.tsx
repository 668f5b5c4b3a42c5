import { UserAddOutlined } from '@ant-design/icons';
import { LEAD_STAGES } from '@juqi/contract';
import { App, Form, Modal, Select, TreeSelect, Typography } from 'antd';
import { Link } from 'react-router';
import { commonMessages } from '../../../components/messages';
import type { RowMenuItem } from '../../../components/resource';
import { departmentOptions } from '../../../lib/department-options';
import { showOnField } from '../../../lib/form-errors';
import { format, useMessages } from '../../../lib/i18n';
import type { ResourceRow } from '../../../lib/resource';
import { useCompanies, useConvertLead, useDepartmentTree } from '../api';
import { recruitmentMessages } from '../messages';

type Values = { company_id?: number; department_id?: number };

/** 转为员工 in the row's name, in the UI's language. */
function ConvertLabel() {
  return <>{useMessages(recruitmentMessages).convert}</>;
}

/**
 * A lead's 更多 › 转为员工, for staff holding recruitment.lead.convert while the lead is not converted: picks where the
 * candidate goes, then makes their staff record.
 */
export const convertLeadMenu = (row: ResourceRow): RowMenuItem[] =>
  row.stage === LEAD_STAGES.converted
    ? []
    : [
        {
          key: 'convert',
          label: <ConvertLabel />,
          icon: <UserAddOutlined aria-hidden />,
          operation: 'recruitment.lead.convert',
          open: (close) => <ConvertLeadModal lead={{ id: row.id, name: String(row.name) }} onClose={close} />,
        },
      ];

function ConvertLeadModal({ lead, onClose }: { lead: { id: number; name: string }; onClose: () => void }) {
  const t = useMessages(recruitmentMessages);
  const c = useMessages(commonMessages);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const companies = useCompanies();
  const departments = useDepartmentTree();
  const convert = useConvertLead();

  const submit = async () => {
    const values = form.getFieldsValue();
    try {
      await convert.mutateAsync({ id: lead.id, company_id: values.company_id ?? null, department_id: values.department_id ?? null });
      void message.success(
        <span>
          {t.converted} <Link to="/man/employee?status=candidate">{t.viewStaff}</Link>
        </span>,
      );
      onClose();
    } catch (error) {
      // A refusal about the lead itself (converted meanwhile, its mobile taken) is shown as a notice by the client.
      showOnField(form, error, ['company_id', 'department_id']);
    }
  };

  return (
    <Modal
      open
      title={format(t.convertTitle, { name: lead.name })}
      okText={t.convert}
      cancelText={c.cancel}
      confirmLoading={convert.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t.convertHint}</Typography.Paragraph>
      <Form<Values> form={form} layout="vertical" name="recruitment-convert-form">
        <Form.Item name="company_id" label={t.company} extra={t.optional}>
          <Select allowClear loading={companies.isPending} options={(companies.data ?? []).map((company) => ({ value: company.id, label: company.name }))} />
        </Form.Item>
        <Form.Item name="department_id" label={t.department} extra={t.optional}>
          <TreeSelect allowClear showSearch treeNodeFilterProp="title" loading={departments.isPending} treeData={departmentOptions(departments.data ?? [])} treeDefaultExpandAll />
        </Form.Item>
      </Form>
    </Modal>
  );
}
