import { ErrorCode, type Locale, type Texts } from '@juqi/contract';
import { AppError } from '../errors';

/** A row's cell left empty where its column must be filled. */
export const CELL_REQUIRED: Texts = { 'zh-CN': '必填', 'en-US': 'required' };

/** A row's cell longer than its field keeps. */
export const cellTooLong = (max: number): Texts => ({ 'zh-CN': `不能超过 ${max} 个字`, 'en-US': `at most ${max} characters` });

/** One refusal of an import's row: the sheet's row number (the header is row 1), the field at fault, its column's header as the file has it, and why. */
export interface ImportProblem {
  row: number;
  field: string;
  column: string;
  message: string;
}

/**
 * An all-or-nothing import's problems, in the request's language: every row is checked and each problem kept, then the
 * file is refused whole (40000 naming `file`, the problems in `data.rows`) before anything is written.
 */
export class ImportReport {
  readonly problems: ImportProblem[] = [];
  /** Problems found, the unlisted ones beyond `shown` included. */
  private found = 0;

  /** `shown`: the most problems `data.rows` lists (a file of 100,000 rows may have as many); the message counts them all. */
  constructor(
    readonly locale: Locale,
    private readonly shown = Infinity,
  ) {}

  add(row: number, field: string, column: string, message: Texts): void {
    this.found += 1;
    if (this.problems.length < this.shown) this.problems.push({ row, field, column, message: message[this.locale] });
  }

  /** How many problems were found so far. */
  get count(): number {
    return this.found;
  }

  /** 40000 naming the file, with the problems (every one, or the first `shown`) in `data.rows`. */
  refuseIfAny(): void {
    const count = this.found;
    if (!count) return;
    const text = { 'zh-CN': `${count} 处数据未通过校验，未导入任何数据`, 'en-US': `${count} problem${count === 1 ? '' : 's'} found; nothing was imported` };
    throw new AppError(ErrorCode.VALIDATION, undefined, { field: 'file', rows: this.problems, ...(count > this.problems.length && { problems: count }) }, [{ field: 'file', text }]);
  }
}
