import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { z } from 'zod';

/**
 * How every answer with a contract is written (the routes' serializer compiler): by fast-json-stringify, compiled once
 * per route from the JSON Schema of the answer's envelope — the schema the OpenAPI document shows (`z.toJSONSchema` of
 * the contract). Only declared properties are written, as zod's encoding wrote them (an unlisted column never leaves
 * the server), for a third of the cost: 0.13 → 0.04 ms for a page of 订单中心 (zod's encoding, then JSON.stringify).
 *
 * What fast-json-stringify does not do is check: a value of the wrong type is coerced, not refused. With `checked` (the
 * tests), each answer is also encoded by zod against its contract, which refuses what it does not declare, and the two
 * must write the same JSON — so every answer the suite provokes proves both.
 */
export function answerWriter(checked: boolean): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) => {
    // Compiled at the first answer (a route never called costs nothing at start-up) and kept per schema, which
    // `route` makes once per call: every app this process builds (each test file builds its own) shares it.
    let compiled: ((data: unknown) => string) | undefined;
    const write = (data: unknown) => (compiled ??= compiledWriterOf(schema))(data);
    if (!checked) return write;
    return (data) => {
      const written = write(data);
      const encoded = z.encode(schema, data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(JSON.stringify(encoded))))
        throw new Error(`${method} ${url}: the answer written is not its contract's encoding:\n${written}\n${JSON.stringify(encoded)}`);
      return written;
    };
  };
}

const compiledWriters = new WeakMap<z.ZodType, (data: unknown) => string>();

/** The writer of answers of `schema`, compiled once; throws for a schema JSON Schema cannot express (tested for every call). */
export function compiledWriterOf(schema: z.ZodType): (data: unknown) => string {
  let write = compiledWriters.get(schema);
  if (!write) {
    write = fastJson(z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' }) as Parameters<typeof fastJson>[0]);
    compiledWriters.set(schema, write);
  }
  return write;
}
