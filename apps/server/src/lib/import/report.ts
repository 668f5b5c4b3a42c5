import { ErrorCode, type Locale, type Texts } from '@juqi/contract';
import { AppError } from '../errors';

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

  constructor(readonly locale: Locale) {}

  add(row: number, field: string, column: string, message: Texts): void {
    this.problems.push({ row, field, column, message: message[this.locale] });
  }

  /** 40000 naming the file, with every problem in `data.rows`. */
  refuseIfAny(): void {
    const count = this.problems.length;
    if (!count) return;
    const text = { 'zh-CN': `${count} 处数据未通过校验，未导入任何数据`, 'en-US': `${count} problem${count === 1 ? '' : 's'} found; nothing was imported` };
    throw new AppError(ErrorCode.VALIDATION, undefined, { field: 'file', rows: this.problems }, [{ field: 'file', text }]);
  }
}
