import { z } from 'zod';
import { PHONE_PATTERN } from './first-load';
import { defineCall, fields, operation } from './call';
import { defineContractModule } from './contract-module';
import { defineResource } from './resource';

/** Where a recruitment lead came from (线索来源). */
export const LEAD_SOURCES = {
  job_site: 1,
  referral: 2,
  headhunter: 3,
  campus: 4,
  website: 5,
  other: 6,
} as const;

/**
 * A lead's stage. `converted` is set only by 转为员工 (`lead_convert`), which makes the candidate's staff record; a
 * converted lead keeps its stage (docs/recruitment.md).
 */
export const LEAD_STAGES = {
  new: 1,
  contacted: 2,
  interviewing: 3,
  offered: 4,
  converted: 5,
  dropped: 6,
} as const;

/** 线索 (/permission/personnel/lead): people the operator may hire, followed from first contact to a staff record. */
export const recruitmentLead = defineResource({
  module: 'recruitment',
  thing: 'lead',
  menu: '/permission/personnel/lead',
  label: { 'zh-CN': '招聘线索', 'en-US': 'Recruitment lead' },
  operations: { view: 'recruitment.lead.view', add: 'recruitment.lead.edit', edit: 'recruitment.lead.edit', delete: 'recruitment.lead.edit', export: 'recruitment.lead.export' },
  fields: {
    name: { kind: 'text', label: { 'zh-CN': '姓名', 'en-US': 'Name' }, max: 30, required: true },
    mobile: { kind: 'text', label: { 'zh-CN': '手机号', 'en-US': 'Mobile' }, max: 20, required: true, pattern: PHONE_PATTERN },
    post: { kind: 'text', label: { 'zh-CN': '应聘岗位', 'en-US': 'Applied post' }, max: 50 },
    source: {
      kind: 'select',
      label: { 'zh-CN': '来源', 'en-US': 'Source' },
      required: true,
      options: [
        { value: LEAD_SOURCES.job_site, label: { 'zh-CN': '招聘网站', 'en-US': 'Job site' } },
        { value: LEAD_SOURCES.referral, label: { 'zh-CN': '内部推荐', 'en-US': 'Referral' } },
        { value: LEAD_SOURCES.headhunter, label: { 'zh-CN': '猎头', 'en-US': 'Headhunter' } },
        { value: LEAD_SOURCES.campus, label: { 'zh-CN': '校园招聘', 'en-US': 'Campus' } },
        { value: LEAD_SOURCES.website, label: { 'zh-CN': '官网投递', 'en-US': 'Website' } },
        { value: LEAD_SOURCES.other, label: { 'zh-CN': '其他', 'en-US': 'Other' } },
      ],
    },
    stage: {
      kind: 'select',
      label: { 'zh-CN': '阶段', 'en-US': 'Stage' },
      default: LEAD_STAGES.new,
      options: [
        { value: LEAD_STAGES.new, label: { 'zh-CN': '新线索', 'en-US': 'New' } },
        { value: LEAD_STAGES.contacted, label: { 'zh-CN': '已联系', 'en-US': 'Contacted' } },
        { value: LEAD_STAGES.interviewing, label: { 'zh-CN': '面试中', 'en-US': 'Interviewing' } },
        { value: LEAD_STAGES.offered, label: { 'zh-CN': '已发 Offer', 'en-US': 'Offered' } },
        { value: LEAD_STAGES.converted, label: { 'zh-CN': '已转员工', 'en-US': 'Converted' } },
        { value: LEAD_STAGES.dropped, label: { 'zh-CN': '已放弃', 'en-US': 'Dropped' } },
      ],
    },
    follow_up: { kind: 'date', label: { 'zh-CN': '下次跟进', 'en-US': 'Next follow-up' } },
    remark: { kind: 'textarea', label: { 'zh-CN': '备注', 'en-US': 'Remark' }, max: 500 },
  },
  columns: ['name', 'mobile', 'post', 'source', 'stage', 'follow_up', 'updated_at'],
  keyword: ['name', 'mobile', 'post'],
  filters: { source: 'in', stage: 'in', follow_up: 'range' },
  order: { by: 'updated_at', direction: 'desc' },
  // A lead moves through its stages by these actions; 已转员工 only by 转为员工 (`lead_convert`), which makes a record.
  states: {
    field: 'stage',
    actions: {
      contact: { label: { 'zh-CN': '标记已联系', 'en-US': 'Mark contacted' }, from: [LEAD_STAGES.new], to: LEAD_STAGES.contacted, operation: 'recruitment.lead.edit' },
      interview: { label: { 'zh-CN': '安排面试', 'en-US': 'Interview' }, from: [LEAD_STAGES.new, LEAD_STAGES.contacted], to: LEAD_STAGES.interviewing, operation: 'recruitment.lead.edit' },
      offer: { label: { 'zh-CN': '发 Offer', 'en-US': 'Make an offer' }, from: [LEAD_STAGES.interviewing], to: LEAD_STAGES.offered, operation: 'recruitment.lead.edit' },
      drop: {
        label: { 'zh-CN': '放弃', 'en-US': 'Drop' },
        from: [LEAD_STAGES.new, LEAD_STAGES.contacted, LEAD_STAGES.interviewing, LEAD_STAGES.offered],
        to: LEAD_STAGES.dropped,
        operation: 'recruitment.lead.edit',
        reason: 'required',
        bulk: true,
        danger: true,
      },
      reopen: { label: { 'zh-CN': '重新跟进', 'en-US': 'Follow up again' }, from: [LEAD_STAGES.dropped], to: LEAD_STAGES.contacted, operation: 'recruitment.lead.edit' },
    },
  },
});

export const recruitmentCalls = {
  convert: defineCall({
    method: 'POST',
    path: '/api/recruitment/lead_convert',
    tag: 'recruitment',
    summary:
      '转为员工: makes the lead a candidate staff record (name, mobile, post; the company and department given) and sets the lead converted, in one transaction. ' +
      'A lead converted already is 40900; a mobile a live staff record holds is 40900 naming mobile',
    permission: operation('recruitment.lead.convert'),
    body: z.object({ id: fields.id, company_id: fields.id.nullish(), department_id: fields.id.nullish() }).strict(),
    data: z.object({ staff_id: z.number().int() }),
  }),
};

/** The recruitment module's share of the contract (`contractModules`). */
export const recruitmentContract = defineContractModule({ name: 'recruitment', calls: recruitmentCalls, resources: [recruitmentLead] });
