import { defineMessages } from '../../lib/i18n';

/** The strings of 招聘线索 beyond its declaration's labels, zh-CN first. */
export const recruitmentMessages = defineMessages({
  'zh-CN': {
    convert: '转为员工',
    convertTitle: '将 {name} 转为员工',
    convertHint: '将以“候选人”状态新建人员档案（姓名、手机号、应聘岗位取自线索），线索标为“已转员工”。',
    company: '所属公司',
    department: '所属部门',
    optional: '可稍后在员工管理中填写',
    converted: '已转为员工，可在员工管理中查看',
    viewStaff: '查看候选人',
  },
  'en-US': {
    convert: 'Convert to staff',
    convertTitle: 'Convert {name} to a staff record',
    convertHint: 'A staff record is made in the “candidate” state (name, mobile and applied post from the lead), and the lead is marked “Converted”.',
    company: 'Company',
    department: 'Department',
    optional: 'May be filled in later under Staff',
    converted: 'Converted: the record is under Staff',
    viewStaff: 'See candidates',
  },
});
