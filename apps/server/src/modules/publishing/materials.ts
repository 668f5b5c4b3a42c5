import { foldKeyword, MATERIAL_STATES, type ReviewItem } from '@juqi/contract';
import { and, asc, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ResourceHooks, WriteContext } from '../../lib/crud/resource-routes';
import type { Executor } from '../../lib/db/client';
import { AppError } from '../../lib/errors';
import { notStartedBy, samePerson } from '../../lib/people';
import type { ReviewSource } from '../../lib/reviews';
import { material } from './table';

/** Deciding what one's own person submitted: refused, as every two-person step is (docs/approvals.md). */
const ownSubmission = () => AppError.forbidden({ 'zh-CN': '不能审核本人提交的素材', 'en-US': 'Nobody reviews the material they submitted' });

/** Refuses a decision by the person who submitted the material. */
async function decidedBySomeoneElse(id: number, { tx, staffId }: WriteContext) {
  const [row] = await tx.select({ submittedBy: material.submittedBy }).from(material).where(eq(material.id, id));
  if (row?.submittedBy != null && (await samePerson(tx, staffId, row.submittedBy))) throw ownSubmission();
}

/**
 * A material's own rules (docs/publishing.md › Material): an edit of a material that is not a draft returns it to
 * draft (what was reviewed is no longer what it holds); submitting asks for a body and records who submitted it; approving and rejecting
 * are someone else's — the submitter's own person is refused (40300), and the whole bulk action with it.
 */
export const materialRules: ResourceHooks = {
  async beforeWrite(values, { before }) {
    if (before && before.state !== MATERIAL_STATES.draft) values.state = MATERIAL_STATES.draft;
  },
  actions: {
    async submit(id, { tx, staffId, before }) {
      // What is reviewed is what is published: a body with some words in it.
      if (!String(before?.body ?? '').replace(/<[^>]*>|&nbsp;|\s/g, ''))
        throw AppError.invalid('body', { 'zh-CN': `“${String(before?.title)}”还没有正文，不能提交审核`, 'en-US': `“${String(before?.title)}” has no body yet and cannot be submitted` });
      await tx.update(material).set({ submittedBy: staffId }).where(eq(material.id, id));
    },
    approve: decidedBySomeoneElse,
    reject: decidedBySomeoneElse,
  },
};

/**
 * 素材审核 in the to-dos (docs/approvals.md › Reviews): the materials waiting for review, for holders of the review
 * operation, but those their own person submitted; oldest first, each named by its title.
 */
export function materialReviews(app: FastifyInstance, db: Executor): ReviewSource {
  return {
    kind: 'publishing_material',
    operation: 'publishing.material.review',
    async waitingFor(staffId, limit) {
      const where = and(eq(material.state, MATERIAL_STATES.reviewing), await notStartedBy(db, staffId, material.submittedBy));
      const [total] = await db.select({ n: count() }).from(material).where(where);
      const rows = await db
        .select({ id: material.id, title: material.title, submittedBy: material.submittedBy, since: material.updatedAt })
        .from(material)
        .where(where)
        .orderBy(asc(material.updatedAt), asc(material.id))
        .limit(limit);
      const names = await app.access.lookups.namesOf('staff', rows.flatMap((row) => (row.submittedBy === null ? [] : [row.submittedBy])));
      return {
        count: total?.n ?? 0,
        items: rows.map(
          (row): ReviewItem => ({
            kind: 'publishing_material',
            subject: { kind: 'publishing_material', id: row.id },
            summary: row.title,
            starter: row.submittedBy === null ? null : { id: row.submittedBy, name: names.get(row.submittedBy) ?? `#${row.submittedBy}` },
            waiting_since: row.since.toISOString(),
          }),
        ),
      };
    },
  };
}

/** A working keyword is kept folded as the master library keeps its words, so one word is held once (the unique index). */
export const workingKeywordRules: ResourceHooks = {
  async beforeWrite(values) {
    if (typeof values.word === 'string') values.word = foldKeyword(values.word);
  },
};
