import { ErrorCode, issueWords, type ErrorCodeValue, type ErrorDetails, type Locale, type RefusalIssue } from '@juqi/contract';

/** A message in each UI language; the answer carries the one the client asked for. */
export type LocalText = Record<Locale, string>;

/** One bad input of a 40000: its key (a dotted path when nested) and what is wrong with it, without its label. */
export interface Refused {
  field: string;
  text: LocalText;
  /** Its label where no call can know it (an admin-defined field's); else the call's or the shared one names it. */
  label?: LocalText;
}

/** A zod issue's message in each language (refusals.ts words zod's own issues from their codes and bounds). */
export const issueText = (issue: RefusalIssue): LocalText => ({ 'zh-CN': issueWords(issue, 'zh-CN'), 'en-US': issueWords(issue, 'en-US') });

/**
 * A failure the client should see as a catalogue envelope. `message` overrides the catalogue text
 * (it must be safe to show: no SQL, paths or stack); `data` carries details such as an unlock time.
 */
export class AppError extends Error {
  readonly text: LocalText | undefined;
  /** A 40000's bad inputs; the answer names each by its label, in the request's language (lib/http/envelope.ts). */
  readonly refused: readonly Refused[];

  constructor(
    readonly code: ErrorCodeValue,
    message?: string | LocalText,
    readonly data: ErrorDetails | null = null,
    refused: readonly Refused[] = [],
  ) {
    super(typeof message === 'string' ? message : (message?.['en-US'] ?? refused.map((r) => `${r.field}: ${r.text['en-US']}`).join('; ')));
    this.name = 'AppError';
    this.text = typeof message === 'object' ? message : undefined;
    this.refused = refused;
  }

  /** A bad value in one field. */
  static invalid(field: string, reason: LocalText): AppError {
    return AppError.invalidFields([{ field, text: reason }]);
  }

  /** Bad values in several fields, told at once. */
  static invalidFields(refused: readonly Refused[]): AppError {
    return new AppError(ErrorCode.VALIDATION, undefined, { field: refused[0]?.field }, refused);
  }

  static notFound(what?: LocalText): AppError {
    return new AppError(ErrorCode.NOT_FOUND, what);
  }

  static forbidden(message?: LocalText): AppError {
    return new AppError(ErrorCode.FORBIDDEN, message);
  }

  /** Something already taken or still in use; `field` names the input that clashed, for forms to mark. */
  static conflict(message?: LocalText, field?: string): AppError {
    return new AppError(ErrorCode.CONFLICT, message, field ? { field } : null);
  }
}

/** A zod issue with where it lies: zod's own, or fastify's copy of it (plugins/app/envelope.ts). */
export type PlacedIssue = RefusalIssue & { path: readonly PropertyKey[]; keys?: readonly string[] };

/** The inputs an issue refuses, each as its path: its own, or for keys not taken, each key's. */
export const refusedPaths = (issue: PlacedIssue): string[][] =>
  (issue.code === 'unrecognized_keys' ? (issue.keys ?? []).map((key) => [...issue.path, key]) : [issue.path]).map((path) => path.map(String));

/**
 * A zod refusal as one 40000: each bad input once (its first issue), named by its path — a key not taken by itself —
 * or by `root` when the whole value is bad.
 */
export function issuesRefused(issues: readonly PlacedIssue[], root: string): AppError {
  const refused = new Map<string, LocalText>();
  for (const issue of issues) {
    for (const path of refusedPaths(issue)) {
      const field = path.join('.') || root;
      if (!refused.has(field)) refused.set(field, issueText(issue));
    }
  }
  return AppError.invalidFields([...refused].map(([field, text]) => ({ field, text })));
}

/**
 * Gathers a form's bad inputs so one answer tells them all: a rule that finds a field bad adds it, and `throwIfAny`
 * refuses with every one found. A field already refused keeps its first reason.
 */
export class Refusals {
  private readonly found: Refused[] = [];

  add(field: string, text: LocalText, label?: LocalText): void {
    if (!this.has(field)) this.found.push({ field, text, ...(label && { label }) });
  }

  has(field: string): boolean {
    return this.found.some((r) => r.field === field);
  }

  throwIfAny(): void {
    if (this.found.length) throw AppError.invalidFields(this.found);
  }
}
