import {
  CERTIFICATION_DOCUMENTS_MAX,
  certificationCalls,
  certificationDocumentUrl,
  certificationFields,
  codeName,
  ErrorCode,
  VIDEO_PLATFORM_NAMES,
  type CertificationRow,
  type VideoPlatform,
} from '@juqi/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recordAudit } from '../../lib/audit/record';
import type { Executor } from '../../lib/db/client';
import { isUniqueViolation } from '../../lib/db/errors';
import { staff, users } from '../../lib/db/schema';
import { AppError, issuesRefused } from '../../lib/errors';
import { route } from '../../lib/http/route';
import { lazyService, type FileDirectory } from '../../lib/http/types';
import { RecordList } from '../../lib/records/record-list';
import { agencyAuditAction, agencyAuditTarget } from './agencies';
import { agency, agencyCertification } from './table';

type Certification = typeof agencyCertification.$inferSelect;
const columns = { certification: agencyCertification, agencyName: users.name, reviewerName: staff.name };

const toRow = ({ certification: c, agencyName, reviewerName }: { certification: Certification; agencyName: string; reviewerName: string | null }): CertificationRow => ({
  id: c.id,
  agency_id: c.agencyId,
  agency_name: agencyName,
  platform: c.platform,
  account_name: c.accountName,
  account_id: c.accountId,
  state: c.state,
  reason: c.reason,
  documents: c.documents.map((_, index) => certificationDocumentUrl(c.id, index)),
  submitted_at: c.submittedAt.toISOString(),
  decided_at: c.decidedAt?.toISOString() ?? null,
  reviewer_name: reviewerName,
});

interface CertificationFilter {
  agency_id?: number;
  platform?: VideoPlatform;
  state?: number;
}

/** The certifications with their agency's name and reviewer, newest submitted first. */
const certificationList = (db: Executor) =>
  new RecordList<Parameters<typeof toRow>[0], CertificationRow, CertificationFilter, never>(db, {
    columns,
    from: (tx, fields) =>
      tx.select(fields).from(agencyCertification).innerJoin(users, eq(users.id, agencyCertification.agencyId)).leftJoin(staff, eq(staff.id, agencyCertification.reviewerId)).$dynamic(),
    where: (filter) =>
      and(
        filter.agency_id === undefined ? undefined : eq(agencyCertification.agencyId, filter.agency_id),
        filter.platform === undefined ? undefined : eq(agencyCertification.platform, filter.platform),
        filter.state === undefined ? undefined : eq(agencyCertification.state, filter.state),
      ),
    sums: {},
    newest: { at: agencyCertification.submittedAt, tie: agencyCertification.id },
    toRecord: toRow,
    position: (r) => ({ at: new Date(r.submitted_at), tie: r.id }),
  });

async function rowOf(db: Executor, id: number): Promise<CertificationRow> {
  const row = await certificationList(db).one(eq(agencyCertification.id, id));
  if (!row) throw AppError.notFound();
  return toRow(row);
}

const NOT_AN_AGENCY = { 'zh-CN': '仅代理可提交视频平台认证', 'en-US': 'Only agencies certify video platform accounts' };
const OPEN_ALREADY = { 'zh-CN': '该平台已有一份认证在审核中', 'en-US': 'A certification of this platform is under review already' };
const DOCUMENTS = 'documents';

/**
 * 视频平台认证 (docs/marketplace.md › 代理设置 and certification): the agency submits an account with 1–3 pictures in the
 * apps; staff holding `agency.certification.view` read them in the agency's drawer (each picture read audited) and one
 * holding `.audit` approves or rejects it, the decision in the agency's history.
 */
export function registerCertifications(app: FastifyInstance): void {
  const db = app.database.db;
  const files = lazyService(app.access, 'files', 'file');

  const list = certificationList(db);
  const timeZone = lazyService(app.access, 'timeZone', 'settings');
  route(app, certificationCalls.certificationList, async ({ body: { page, limit, ...filter } }) => list.page(filter, await timeZone.current(), page, limit));

  route(app, certificationCalls.certificationDocument, async ({ query, reply, principal, request }) => {
    const [found] = await db.select().from(agencyCertification).where(eq(agencyCertification.id, query.id));
    const path = found?.documents[query.index];
    if (!found || !path) throw AppError.notFound();
    await recordAudit(db, {
      staffId: principal!.staffId,
      action: 'agency.certification.document',
      target: `agency.certification:${found.id}`,
      detail: { agency_id: found.agencyId, index: query.index },
      ip: request.ip,
    });
    await files.send(reply, path, 'certification');
    return null;
  });

  route(app, certificationCalls.certificationAudit, async ({ body, principal, request }) => {
    if (body.action === 'reject' && !body.reason) throw AppError.invalid('reason', { 'zh-CN': '请填写驳回原因', 'en-US': 'say why it is rejected' });
    const to = body.action === 'approve' ? 2 : 0;
    await db.transaction(async (tx) => {
      const [decided] = await tx
        .update(agencyCertification)
        .set({ state: to, reason: body.action === 'reject' ? body.reason : '', reviewerId: principal!.staffId, decidedAt: app.clock.now() })
        .where(and(eq(agencyCertification.id, body.id), eq(agencyCertification.state, 1)))
        .returning();
      if (!decided) {
        const [exists] = await tx.select({ id: agencyCertification.id }).from(agencyCertification).where(eq(agencyCertification.id, body.id));
        if (!exists) throw AppError.notFound();
        throw AppError.conflict({ 'zh-CN': '该认证已审核', 'en-US': 'The certification has been decided' }, 'state');
      }
      await recordAudit(tx, {
        staffId: principal!.staffId,
        action: agencyAuditAction(`certification_${body.action}`),
        target: agencyAuditTarget(decided.agencyId),
        detail: { subject: `${codeName(VIDEO_PLATFORM_NAMES, decided.platform, 'zh-CN')} · ${decided.accountName}`, certification_id: decided.id, ...(body.reason && { reason: body.reason }) },
        ip: request.ip,
      });
    });
    return rowOf(db, body.id);
  });

  route(app, certificationCalls.certificationSubmit, async ({ request, appUser }) => {
    const agencyId = appUser!.userId;
    const [isAgency] = await db.select({ id: agency.userId }).from(agency).where(eq(agency.userId, agencyId));
    if (!isAgency) throw new AppError(ErrorCode.FORBIDDEN, NOT_AN_AGENCY);
    const submitted = await receiveSubmission(request, files, (platform) => openOn(db, agencyId, platform));
    try {
      const [made] = await db
        .insert(agencyCertification)
        .values({ agencyId, platform: submitted.platform, accountName: submitted.account_name, accountId: submitted.account_id, documents: submitted.documents, submittedAt: app.clock.now() })
        .returning({ id: agencyCertification.id });
      return rowOf(db, made!.id);
    } catch (err) {
      await files.discard(submitted.documents);
      if (isUniqueViolation(err)) throw AppError.conflict(OPEN_ALREADY, 'platform');
      throw err;
    }
  });

  route(app, certificationCalls.certificationMine, async ({ appUser }) => {
    const rows = await list.spec
      .from(db, columns)
      .where(eq(agencyCertification.agencyId, appUser!.userId))
      .orderBy(desc(agencyCertification.submittedAt), desc(agencyCertification.id));
    return (rows as Parameters<typeof toRow>[0][]).map(toRow);
  });
}

/** Whether the agency has a certification of the platform under review. */
async function openOn(db: Executor, agencyId: number, platform: VideoPlatform): Promise<boolean> {
  const [open] = await db
    .select({ id: agencyCertification.id })
    .from(agencyCertification)
    .where(and(eq(agencyCertification.agencyId, agencyId), eq(agencyCertification.platform, platform), eq(agencyCertification.state, 1)));
  return open !== undefined;
}

/**
 * A submission's form: its fields first (checked, and a platform under review already refused, before any picture is
 * kept), then 1–3 pictures in `documents`, each checked and stored in the `certification` scope as it streams in.
 */
async function receiveSubmission(request: FastifyRequest, files: FileDirectory, isOpen: (platform: VideoPlatform) => Promise<boolean>) {
  if (!request.isMultipart()) throw AppError.invalid(DOCUMENTS, { 'zh-CN': '请以 multipart/form-data 提交', 'en-US': 'send the form as multipart/form-data' });
  const raw: Record<string, string> = {};
  let checked: ReturnType<typeof certificationFields.parse> | undefined;
  const documents: string[] = [];
  const fieldsChecked = async () => {
    if (checked) return checked;
    const parsed = certificationFields.safeParse(raw);
    if (!parsed.success) throw issuesRefused(parsed.error.issues, 'body');
    if (await isOpen(parsed.data.platform)) throw AppError.conflict(OPEN_ALREADY, 'platform');
    checked = parsed.data;
    return checked;
  };
  // One picture past the most, so that too many is refused by name rather than by the parser's limit.
  try {
    // One picture past the most, so that too many is refused by name rather than by the parser's limit.
    for await (const part of request.parts({ limits: { files: CERTIFICATION_DOCUMENTS_MAX + 1 } })) {
      if (part.type === 'field') {
        if (checked) throw AppError.invalid(part.fieldname, { 'zh-CN': '字段须在图片之前', 'en-US': 'send the fields before the pictures' });
        if (typeof part.value === 'string') raw[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== DOCUMENTS) throw AppError.invalid(part.fieldname, { 'zh-CN': `请在字段“${DOCUMENTS}”中上传图片`, 'en-US': `send the pictures in the field "${DOCUMENTS}"` });
      await fieldsChecked();
      if (documents.length === CERTIFICATION_DOCUMENTS_MAX)
        throw AppError.invalid(DOCUMENTS, { 'zh-CN': `最多 ${CERTIFICATION_DOCUMENTS_MAX} 张图片`, 'en-US': `at most ${CERTIFICATION_DOCUMENTS_MAX} pictures` });
      documents.push(await files.storePart(part, { module: 'certification', type: 'img', scope: 'certification' }));
    }
    const fields = await fieldsChecked();
    if (!documents.length) throw AppError.invalid(DOCUMENTS, { 'zh-CN': '请上传认证图片', 'en-US': 'required: at least one picture' });
    return { ...fields, documents };
  } catch (err) {
    // A refused submission keeps none of the pictures it sent before the refusal.
    await files.discard(documents);
    throw err;
  }
}
