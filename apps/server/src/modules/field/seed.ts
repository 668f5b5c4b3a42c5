import { encodeFieldPermission, FIELD_FORM_NAMES, FIELD_PERMISSION_FLAGS, fieldDefinition, type FieldDefinitionInput, type FieldForm, type FieldPermissionFlag } from '@juqi/contract';
import type { SeedContext } from '../../lib/module';
import { FieldRepository } from './repository';

/** A system field's byte: every flag on but the ones named. */
const except = (...off: FieldPermissionFlag[]) => encodeFieldPermission(Object.fromEntries(FIELD_PERMISSION_FLAGS.map((flag) => [flag, !off.includes(flag)])) as Record<FieldPermissionFlag, boolean>);
/** A field the product relies on: it stays, under its name, and stays required. */
const SYSTEM_REQUIRED = except('nameEdit', 'deleteEdit', 'nullEdit');
/** A field the product relies on, which staff may make required or not. */
const SYSTEM = except('nameEdit', 'deleteEdit');

const label = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });
const option = (value: string, zh: string, en: string) => ({ value, label: label(zh, en) });

/** The fields each form starts with; staff add, change, hide and order them on its screen as the bytes allow. */
export const DEFAULT_FIELDS: Record<FieldForm, FieldDefinitionInput[]> = {
  customer_info: [
    { key: 'customer_name', type: 'text', label: label('客户名称', 'Customer name'), required: true, unique: true, permission: SYSTEM_REQUIRED },
    { key: 'contact_name', type: 'text', label: label('联系人', 'Contact') },
    { key: 'contact_mobile', type: 'mobile', label: label('联系电话', 'Contact phone'), extend_quantity_max: 3, permission: SYSTEM },
    { key: 'email', type: 'email', label: label('邮箱', 'Email') },
    { key: 'industry', type: 'industry', label: label('所属行业', 'Industry'), extend_quantity_max: 1 },
    { key: 'region', type: 'location', label: label('所在地区', 'Location') },
    { key: 'remark', type: 'textarea', label: label('备注', 'Remark') },
  ],
  customer_register: [
    { key: 'company_name', type: 'text', label: label('企业名称', 'Company name'), required: true, permission: SYSTEM_REQUIRED },
    { key: 'contact_name', type: 'text', label: label('联系人', 'Contact'), required: true },
    { key: 'mobile', type: 'mobile', label: label('手机号', 'Mobile'), required: true, extend_quantity_max: 1, permission: SYSTEM_REQUIRED },
    { key: 'business_license', type: 'certificate_img', label: label('营业执照', 'Business licence'), extend_quantity_max: 1 },
    { key: 'address', type: 'location', label: label('经营地址', 'Business address') },
    {
      key: 'source',
      type: 'select',
      label: label('客户来源', 'Source'),
      options: [option('online', '线上推广', 'Online'), option('offline', '线下地推', 'In person'), option('referral', '老客户介绍', 'Referral'), option('other', '其他', 'Other')],
    },
    { key: 'remark', type: 'textarea', label: label('备注', 'Remark') },
  ],
  product_info: [
    { key: 'product_name', type: 'text', label: label('产品名称', 'Product name'), required: true, permission: SYSTEM_REQUIRED },
    { key: 'price', type: 'floatnumber', label: label('价格', 'Price'), required: true, permission: SYSTEM },
    { key: 'pictures', type: 'pic', label: label('产品图片', 'Pictures'), extend_quantity_max: 9 },
    { key: 'on_sale', type: 'boolean_value', label: label('是否上架', 'On sale'), default: true },
    { key: 'intro', type: 'textarea', label: label('产品介绍', 'Description') },
  ],
  agency_apply: [
    { key: 'real_name', type: 'text', label: label('姓名', 'Name'), required: true, permission: SYSTEM_REQUIRED },
    { key: 'mobile', type: 'mobile', label: label('联系电话', 'Phone'), required: true, extend_quantity_max: 1, permission: SYSTEM_REQUIRED },
    { key: 'company_name', type: 'text', label: label('公司名称', 'Company') },
    {
      key: 'team_size',
      type: 'select',
      label: label('团队规模', 'Team size'),
      options: [option('solo', '个人', 'On my own'), option('small', '2–10 人', '2–10 people'), option('medium', '11–50 人', '11–50 people'), option('large', '50 人以上', 'Over 50 people')],
    },
    { key: 'experience', type: 'textarea', label: label('从业经历', 'Experience') },
    { key: 'customer_resources', type: 'textarea', label: label('客户资源', 'Customers you can reach') },
    { key: 'remark', type: 'textarea', label: label('申请说明', 'Notes') },
  ],
  business_apply: [
    { key: 'sales_plan', type: 'textarea', label: label('销售计划', 'Sales plan'), required: true },
    {
      key: 'expected_customers',
      type: 'select',
      label: label('预计客户数（年）', 'Customers expected a year'),
      options: [option('few', '10 家以内', 'Up to 10'), option('some', '10–50 家', '10–50'), option('many', '50 家以上', 'Over 50')],
    },
    { key: 'experience', type: 'textarea', label: label('相关经验', 'Experience with it') },
    { key: 'remark', type: 'textarea', label: label('申请说明', 'Notes') },
  ],
  business_set: [
    { key: 'service_account', type: 'text', label: label('服务账号', 'Account served') },
    { key: 'service_contact', type: 'mobile', label: label('对接人电话', 'Contact phone'), extend_quantity_max: 1 },
    { key: 'service_note', type: 'textarea', label: label('开通说明', 'Set-up notes') },
  ],
  personnel_info: [
    { key: 'name', type: 'text', label: label('姓名', 'Name'), required: true, permission: SYSTEM_REQUIRED },
    { key: 'mobile', type: 'mobile', label: label('手机号', 'Mobile'), required: true, unique: true, extend_quantity_max: 1, permission: SYSTEM_REQUIRED },
    { key: 'id_number', type: 'text', label: label('身份证号', 'ID number'), unique: true, permission: SYSTEM },
    { key: 'entry_date', type: 'date', label: label('入职日期', 'Start date'), permission: SYSTEM },
    {
      key: 'education',
      type: 'select',
      label: label('学历', 'Education'),
      options: [option('high_school', '高中及以下', 'High school'), option('college', '大专', 'College'), option('bachelor', '本科', 'Bachelor'), option('master', '硕士及以上', 'Master or above')],
    },
    { key: 'emergency_contact', type: 'text', label: label('紧急联系人', 'Emergency contact') },
    { key: 'emergency_mobile', type: 'mobile', label: label('紧急联系电话', 'Emergency phone'), extend_quantity_max: 1 },
  ],
};

/** Each form's default fields while it has none, so what staff delete stays deleted. */
export async function seedFields({ db }: SeedContext): Promise<void> {
  const repo = new FieldRepository(db);
  for (const form of FIELD_FORM_NAMES) {
    if ((await repo.extent(form)).count > 0) continue;
    await db.transaction(async (tx) => {
      for (const [sort, input] of DEFAULT_FIELDS[form].entries()) await repo.add(form, fieldDefinition.parse({ ...input, sort }), tx);
    });
  }
}
