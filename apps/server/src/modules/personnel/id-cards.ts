import { ErrorCode, maskIdCardNumber } from '@juqi/contract';
import type { FastifyRequest } from 'fastify';
import { recordAudit, recordPermissionDenied } from '../../lib/audit/record';
import type { Executor } from '../../lib/db/client';
import { AppError } from '../../lib/errors';
import { holdsOperation } from '../../lib/http/types';

/** The operation that shows whole identity card numbers, and so lets a staff find, match and write records by them. */
const ID_CARD_OPERATION = 'personnel.id_card.view';

/**
 * Whether a staff may use whole identity card numbers, and the refusal of one who may not (docs/personnel.md ›
 * Identity card numbers). Lists show the region and the last four characters to everyone, so only the birth date is
 * hidden: any answer that depends on whether a typed number is on file (a filter, a match, a clash) would give it away
 * in a few thousand guesses.
 */
export interface IdCardAccess {
  allowed: boolean;
  /**
   * 40300 naming `field`, recorded as the access guard records a missing operation (`permission.denied`, the call,
   * the operation): the refusal does not depend on any stored number.
   */
  refuse(field: string): Promise<never>;
}

/** The identity card access of the signed-in staff behind `request`. */
export function idCardAccess(db: Executor, request: FastifyRequest): IdCardAccess {
  const principal = request.principal!;
  return {
    allowed: holdsOperation(principal, ID_CARD_OPERATION),
    async refuse(field) {
      await recordPermissionDenied(db, { staffId: principal.staffId, request, operation: ID_CARD_OPERATION, field });
      throw new AppError(
        ErrorCode.FORBIDDEN,
        {
          'zh-CN': '按身份证号查找或填写身份证号需要“查看完整身份证号”权限',
          'en-US': 'Finding staff by an identity card number, or entering one, needs the permission to view whole identity card numbers',
        },
        { field },
      );
    },
  };
}

/**
 * One audit entry per read of a whole number: who read the number of which record (target `personnel:<id>`, or
 * `staff_records` when a searched number is nobody's), through which call; the number itself only masked.
 */
export function recordIdCardRead(db: Executor, read: { staffId: number; ip: string; recordId: number | undefined; via: string; searched?: string }): Promise<void> {
  return recordAudit(db, {
    staffId: read.staffId,
    action: ID_CARD_OPERATION,
    target: read.recordId === undefined ? 'staff_records' : `personnel:${read.recordId}`,
    detail: { via: read.via, ...(read.searched === undefined ? {} : { id_card: maskIdCardNumber(read.searched) }) },
    ip: read.ip,
  });
}
