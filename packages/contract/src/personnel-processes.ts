import { z } from 'zod';
import { defineCall, fields, operation } from './call';
import { calendarDay } from './days';
import { personnelCalls, STAFF_POST_MAX } from './personnel';
import { defineContractModule } from './contract-module';
import { said } from './refusals';

/**
 * The personnel processes on the approval module (issue 18): a resignation (离职) and a transfer (调岗) are requested
 * here, walk their flow there, and apply to the staff record on final approval. Their settings (/permission/personnel/
 * resign, /transfer) are site settings documents. Decisions: docs/approvals.md.
 */

export const PROCESS_OPTION_MAX = 30;
export const PROCESS_OPTIONS_MAX = 30;
export const PROCESS_REMARK_MAX = 200;

/** A list of distinct, non-blank option names, as a settings screen edits them. */
const optionList = z
  .array(fields.text(PROCESS_OPTION_MAX).min(1))
  .max(PROCESS_OPTIONS_MAX)
  .refine((items) => new Set(items).size === items.length, said({ 'zh-CN': '有重复的选项', 'en-US': 'an option is listed twice' }));

/** 离职设置: the reasons a resignation gives, the handover checklist, and the flow it walks (none: requests are refused). */
export const resignSettings = z.object({ reasons: optionList, handover_items: optionList, flow_id: fields.id.nullable() }).strict();
export type ResignSettings = z.output<typeof resignSettings>;

/** 调岗设置: the types of transfer and the flow it walks. */
export const transferSettings = z.object({ types: optionList, flow_id: fields.id.nullable() }).strict();
export type TransferSettings = z.output<typeof transferSettings>;

const withFlowName = { flow_name: z.string().nullable() };

/** What a resignation request carries: its payload on the approval request. */
export const resignRequestInput = z
  .object({
    staff_id: fields.id,
    /** Not before today in the platform's time zone. */
    leaving_date: calendarDay,
    /** One of the settings' reasons. */
    reason: fields.text(PROCESS_OPTION_MAX).min(1),
    /** The checklist items this handover needs, among the settings' items; left out: all of them. */
    handover_items: z.array(fields.text(PROCESS_OPTION_MAX).min(1)).max(PROCESS_OPTIONS_MAX).optional(),
    remark: fields.text(PROCESS_REMARK_MAX).default(''),
  })
  .strict();
export type ResignRequestInput = z.output<typeof resignRequestInput>;

/** What a transfer request carries: the department and post after it (at least one of them changes). */
export const transferRequestInput = z
  .object({
    staff_id: fields.id,
    /** One of the settings' types. */
    type: fields.text(PROCESS_OPTION_MAX).min(1),
    /** The department and post after the transfer (an empty post: none). */
    department_id: fields.id,
    post: fields.text(STAFF_POST_MAX).nullable(),
    effective_date: calendarDay,
    remark: fields.text(PROCESS_REMARK_MAX).default(''),
  })
  .strict();
export type TransferRequestInput = z.output<typeof transferRequestInput>;

const path = (action: string) => `/api/personnel/${action}`;
const tag = 'personnel';

export const personnelProcessCalls = {
  resignSettings: defineCall({
    method: 'POST',
    path: path('resign_settings'),
    tag,
    summary: 'The resignation settings: reasons, handover checklist items, the flow (with its name) requests walk',
    permission: 'signed-in',
    body: z.object({}).strict(),
    data: resignSettings.extend(withFlowName),
  }),
  resignSettingsSave: defineCall({
    method: 'POST',
    path: path('resign_settings_save'),
    tag,
    summary: 'Saves the resignation settings; a flow that is not a resignation flow is 40000 naming flow_id',
    permission: operation('personnel.resign.edit'),
    body: resignSettings,
    data: z.null(),
  }),
  transferSettings: defineCall({
    method: 'POST',
    path: path('transfer_settings'),
    tag,
    summary: 'The transfer settings: transfer types and the flow (with its name) requests walk',
    permission: 'signed-in',
    body: z.object({}).strict(),
    data: transferSettings.extend(withFlowName),
  }),
  transferSettingsSave: defineCall({
    method: 'POST',
    path: path('transfer_settings_save'),
    tag,
    summary: 'Saves the transfer settings; a flow that is not a transfer flow is 40000 naming flow_id',
    permission: operation('personnel.transfer.edit'),
    body: transferSettings,
    data: z.null(),
  }),
  resignRequest: defineCall({
    method: 'POST',
    path: path('resign_request'),
    tag,
    summary:
      'Requests a staff member’s resignation: submitted to the resignation flow; on final approval the record becomes resigning with the leaving date. A record not in office, a reason or item not in the settings, a past leaving date: 40000 naming it; no flow set or a step nobody can decide: 40000 naming flow; a pending resignation of the same record: 40900',
    permission: operation('personnel.edit'),
    body: resignRequestInput,
    data: z.object({ id: z.number().int() }),
  }),
  transferRequest: defineCall({
    method: 'POST',
    path: path('transfer_request'),
    tag,
    summary:
      'Requests a staff member’s transfer to another department and/or post: submitted to the transfer flow; on final approval the record moves, with a history row naming the request. Refusals as resign_request; nothing changing is 40000 naming department_id',
    permission: operation('personnel.edit'),
    body: transferRequestInput,
    data: z.object({ id: z.number().int() }),
  }),
};

/** The personnel module's share of the contract (`contractModules`): the staff records' calls and the processes'. */
export const personnelContract = defineContractModule({ name: 'personnel', calls: [personnelCalls, personnelProcessCalls] });
