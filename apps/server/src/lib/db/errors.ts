/** PostgreSQL's unique_violation, raised by both engines; Drizzle may wrap the driver's error in `cause`. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null | undefined;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** PostgreSQL's foreign_key_violation: a row another table still points at. */
export function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null | undefined;
  return e?.code === '23503' || e?.cause?.code === '23503';
}

/** The name of the constraint a violation broke, from the driver's error or the one Drizzle wrapped. */
export function violatedConstraint(err: unknown): string | undefined {
  const e = err as { constraint?: unknown; cause?: { constraint?: unknown } } | null | undefined;
  const name = e?.constraint ?? e?.cause?.constraint;
  return typeof name === 'string' ? name : undefined;
}
