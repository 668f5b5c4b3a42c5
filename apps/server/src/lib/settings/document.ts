import { APPROVAL_KIND_NAMES, flowFieldsOf, type ApprovalKind, type DocumentField, type DocumentValues, type SettingsDocument } from '@juqi/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../audit/record';
import type { Executor } from '../db/client';
import { route } from '../http/route';
import { lazyService } from '../http/types';
import { AppError } from '../errors';
import { appSetting } from './table';

type Values = Record<string, unknown>;

/** The key a declared settings document is stored under: `<module>_<thing>`. */
const keyOf = (doc: SettingsDocument) => `${doc.module}_${doc.thing}`;

/**
 * A declared settings document as it is now, each unset field at its default: how any module reads another's settings
 * (the agency module's hold days, for the orders). `lock` holds the row until the transaction ends, for a write that
 * must not interleave with another.
 */
export async function readSettingsDocument<F extends Record<string, DocumentField>>(db: Executor, doc: SettingsDocument<F>, lock = false): Promise<DocumentValues<F>> {
  const query = db.select({ value: appSetting.value }).from(appSetting).where(eq(appSetting.key, keyOf(doc as unknown as SettingsDocument)));
  const [row] = lock ? await query.for('update') : await query;
  return doc.stored.parse(row?.value ?? {});
}

export interface SettingsDocumentHooks {
  /** The module's own rule across fields (a band above another), inside the write's transaction: throw to refuse. */
  check?(values: Values, ctx: { tx: Executor; before: Values }): Promise<void>;
}

/**
 * A declared settings document's two calls (docs/resources.md › Settings documents): `_details` answers it, `_edit`
 * replaces it whole — each field checked by its type's rule (the call's body), then the module's check — audits the
 * change under its edit operation's code (so the operation log names it as the catalogue does) with the document before
 * and after, and answers it as saved.
 */
export function settingsDocumentRoutes(app: FastifyInstance, doc: SettingsDocument, hooks: SettingsDocumentHooks = {}): void {
  const db = app.database.db;
  route(app, doc.calls.details, () => readSettingsDocument(db, doc) as never);
  route(app, doc.calls.edit, ({ body, principal, request }) =>
    db.transaction(async (tx) => {
      const values = body as Values;
      // The document's row is locked (made first where it was never saved) so two saves check and write one after another.
      await tx.insert(appSetting).values({ key: keyOf(doc), value: {} }).onConflictDoNothing();
      const before = await readSettingsDocument(tx, doc, true);
      // A flow chosen must serve its kind (the approval module keeps a chosen flow from being deleted).
      for (const [key, field] of flowFieldsOf(doc)) {
        const flowId = values[key] as number | null;
        const kind = field.approvalKind as ApprovalKind;
        if (flowId !== null && !(await lazyService(app.access, 'approvals', 'approval').flowServes(flowId, kind, tx)))
          throw AppError.invalid(key, { 'zh-CN': `不是${APPROVAL_KIND_NAMES[kind]['zh-CN']}的审批流程`, 'en-US': `not a flow of ${APPROVAL_KIND_NAMES[kind]['en-US'].toLowerCase()}` });
      }
      await hooks.check?.(values, { tx, before });
      await tx.update(appSetting).set({ value: values, updatedAt: sql`now()` }).where(eq(appSetting.key, keyOf(doc)));
      await recordAudit(tx, { staffId: principal!.staffId, action: doc.operations.edit, target: `${doc.module}.${doc.thing}`, detail: { before, after: values }, ip: request.ip });
      return values as never;
    }),
  );
}
