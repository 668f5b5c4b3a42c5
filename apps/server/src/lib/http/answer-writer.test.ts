import { allCalls, envelope } from '@juqi/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerWriter, compiledWriterOf } from './answer-writer';

const schema = envelope(z.object({ id: z.number().int(), name: z.string(), at: z.string().nullable(), tags: z.array(z.enum(['a', 'b'])), extra: z.record(z.string(), z.unknown()) }));
const writerOf = (checked: boolean) => answerWriter(checked)({ schema, method: 'POST', url: '/api/x', httpStatus: '200' }) as (data: unknown) => string;
const answer = (data: object) => ({ code: 20000, message: '成功', data: { id: 1, name: '甲', at: null, tags: ['a'], extra: { k: [1, { v: '二' }] }, ...data } });

describe('the answer writer', () => {
  it('writes what zod’s encoding writes, dropping what the contract does not declare', () => {
    for (const checked of [false, true]) {
      const written = writerOf(checked)({ ...answer({ secret: 'hash' }), more: 1 });
      expect(JSON.parse(written)).toEqual(answer({}));
      expect(written).not.toContain('hash');
    }
  });

  it('checked, refuses an answer its contract does not allow; unchecked, writes it coerced', () => {
    const wrong = answer({ id: '7' });
    expect(() => writerOf(true)(wrong)).toThrow();
    expect(JSON.parse(writerOf(false)(wrong)).data.id).toBe(7);
  });

  it('compiles for every call’s answer (a route compiles its writer at its first answer, so none may fail then)', () => {
    const answered = allCalls.filter((call) => call.response !== 'blob');
    expect(answered.length).toBeGreaterThan(400);
    for (const call of answered) expect(() => compiledWriterOf(envelope(call.data)), call.path).not.toThrow();
  });
});
