import {
  type HelpCategory,
  type HelpFunction,
  type HelpFunctionRow as HelpFunctionListRow,
  type HelpManual,
  type UpgradeLogEntry,
} from '@juqi/contract';
import type { Db } from '../../lib/db/client';
import { isUniqueViolation } from '../../lib/db/errors';
import { AppError } from '../../lib/errors';
import { sanitizeRichText } from '../../lib/rich-text';
import { HelpRepository, type HelpManualSummaryRow } from './repository';
import type { HelpCategoryRow, HelpFunctionRow, HelpManualRow, UpgradeVersionRow } from './table';

export interface CategoryInput {
  pid: number;
  name: string;
  sort: number;
}

export interface FunctionInput {
  pid: number;
  name: string;
  explains: string;
  sort: number;
}

const categoryNameTaken = () => AppError.conflict({ 'zh-CN': '此处已有同名分类', 'en-US': 'A category of this name exists here already' }, 'name');

const toEntry = (row: UpgradeVersionRow): UpgradeLogEntry => ({
  id: row.id,
  log_id: row.logId,
  name: row.name,
  version_number: row.versionNumber,
  up_time: row.upTime,
  content: row.content,
});

const toManualSummary = (row: HelpManualSummaryRow) => ({
  id: row.id,
  name: row.name,
  path: row.path,
  explains: row.explains,
  sort: row.sort,
  updated_at: row.updatedAt.toISOString(),
});

const toManual = (row: HelpManualRow): HelpManual => ({ ...toManualSummary(row), content: row.content });

const toCategory = (row: HelpCategoryRow, children: HelpCategoryRow[] = []): HelpCategory => ({
  id: row.id,
  pid: row.pid,
  level: row.pid === 0 ? 1 : 2,
  name: row.name,
  sort: row.sort,
  options: children.map((c) => ({ id: c.id, name: c.name })),
});

const toFunction = (row: HelpFunctionRow): HelpFunction => ({
  id: row.id,
  pid: row.categoryId,
  name: row.name,
  explains: row.explains,
  sort: row.sort,
});

/**
 * The help widget's rules: reading the upgrade log and the manuals (their settings screens are resources), and the
 * two-level feature-introduction catalogue. Rich text is sanitised here, on every save.
 */
export class HelpService {
  private readonly repo: HelpRepository;

  constructor(db: Db) {
    this.repo = new HelpRepository(db);
  }

  // ——— upgrade log ———

  async upgradeLog(id: number, page: number, limit: number) {
    const log = await this.repo.findLog(id);
    if (!log) throw AppError.notFound();
    const { count, rows } = await this.repo.listVersions(id, page, limit);
    return { id: log.id, name: log.name, count, data: rows.map(toEntry) };
  }

  async findVersion(id: number): Promise<UpgradeLogEntry> {
    const row = await this.repo.findVersion(id);
    if (!row) throw AppError.notFound();
    return toEntry(row);
  }

  // ——— help manuals ———

  async manuals(keyword: string | undefined, page: number, limit: number) {
    const { count, rows } = await this.repo.listManuals(keyword || undefined, page, limit);
    return { count, data: rows.map(toManualSummary) };
  }

  async findManual(by: { id?: number; path?: string }): Promise<HelpManual> {
    const row = by.id !== undefined ? await this.repo.findManual(by.id) : await this.repo.findManualByPath(by.path ?? '');
    if (!row) throw AppError.notFound();
    return toManual(row);
  }

  // ——— feature-introduction categories ———

  /** Level 1: top categories, each with its subcategories as `options`; level 2: every subcategory. */
  async categoriesAtLevel(level: 1 | 2): Promise<HelpCategory[]> {
    if (level === 2) return (await this.repo.categories({ level: 2 })).map((row) => toCategory(row));
    const [tops, subs] = await Promise.all([this.repo.categories({ level: 1 }), this.repo.categories({ level: 2 })]);
    return tops.map((top) => toCategory(top, subs.filter((s) => s.pid === top.id)));
  }

  /** The subcategories of a top category; empty when it has none or does not exist. */
  async subcategories(pid: number): Promise<HelpCategory[]> {
    return (await this.repo.categories({ pid })).map((row) => toCategory(row));
  }

  private async category(id: number): Promise<HelpCategory> {
    const row = await this.repo.findCategory(id);
    if (!row) throw AppError.notFound();
    return toCategory(row, row.pid === 0 ? await this.repo.categories({ pid: row.id }) : []);
  }

  /** Two levels: a category sits at the top (pid 0) or under a top category. */
  private async validateCategory(input: CategoryInput, self?: HelpCategoryRow): Promise<void> {
    if (input.pid !== 0) {
      if (self && input.pid === self.id) throw AppError.invalid('pid', { 'zh-CN': '分类不能放在自己之下', 'en-US': 'a category cannot sit under itself' });
      const parent = await this.repo.findCategory(input.pid);
      if (!parent) throw AppError.invalid('pid', { 'zh-CN': '上级分类不存在', 'en-US': 'parent category does not exist' });
      if (parent.pid !== 0) throw AppError.invalid('pid', { 'zh-CN': '分类最多两级：上级须为一级分类', 'en-US': 'categories nest two levels at most: the parent must be a top category' });
      if (self && self.pid === 0 && (await this.repo.childCount(self.id)) > 0) {
        throw AppError.invalid('pid', { 'zh-CN': '有子分类的分类不能变为子分类', 'en-US': 'a category with subcategories cannot become a subcategory' });
      }
    } else if (self && self.pid !== 0 && (await this.repo.functionCount(self.id)) > 0) {
      throw AppError.invalid('pid', { 'zh-CN': '有功能的子分类不能变为一级分类', 'en-US': 'a subcategory with functions cannot become a top category' });
    }
    const same = await this.repo.findCategoryByName(input.pid, input.name);
    if (same && same.id !== self?.id) throw categoryNameTaken();
  }

  async addCategory(input: CategoryInput): Promise<HelpCategory> {
    await this.validateCategory(input);
    try {
      const row = await this.repo.insertCategory({ pid: input.pid, name: input.name, sort: input.sort });
      return this.category(row.id);
    } catch (err) {
      if (isUniqueViolation(err)) throw categoryNameTaken();
      throw err;
    }
  }

  async editCategory(id: number, input: CategoryInput): Promise<HelpCategory> {
    const current = await this.repo.findCategory(id);
    if (!current) throw AppError.notFound();
    await this.validateCategory(input, current);
    try {
      await this.repo.updateCategory(id, { pid: input.pid, name: input.name, sort: input.sort });
    } catch (err) {
      if (isUniqueViolation(err)) throw categoryNameTaken();
      throw err;
    }
    return this.category(id);
  }

  async deleteCategory(id: number): Promise<void> {
    if (!(await this.repo.findCategory(id))) throw AppError.notFound();
    if ((await this.repo.childCount(id)) > 0) throw AppError.conflict({ 'zh-CN': '请先删除其子分类', 'en-US': 'Delete its subcategories first' });
    if ((await this.repo.functionCount(id)) > 0) throw AppError.conflict({ 'zh-CN': '请先删除或移走其下的功能', 'en-US': 'Delete or move its functions first' });
    await this.repo.deleteCategory(id);
  }

  // ——— feature-introduction functions ———

  async functionsOf(pid: number): Promise<HelpFunction[]> {
    return (await this.repo.functionsOf(pid)).map(toFunction);
  }

  async functionTable(filter: { pid?: number; keyword?: string }, page: number, limit: number) {
    const { count, rows } = await this.repo.listFunctions({ pid: filter.pid, keyword: filter.keyword || undefined }, page, limit);
    const data: HelpFunctionListRow[] = rows.map((r) => ({
      id: r.id,
      pid: r.pid,
      name: r.name,
      sort: r.sort,
      category_name: r.categoryName,
      top_category_id: r.topCategoryId ?? 0,
      top_category_name: r.topCategoryName ?? '',
      updated_at: r.updatedAt.toISOString(),
    }));
    return { count, data };
  }

  async findFunction(id: number): Promise<HelpFunction> {
    const row = await this.repo.findFunction(id);
    if (!row) throw AppError.notFound();
    return toFunction(row);
  }

  private async functionValues(input: FunctionInput) {
    const category = await this.repo.findCategory(input.pid);
    if (!category) throw AppError.invalid('pid', { 'zh-CN': '分类不存在', 'en-US': 'category does not exist' });
    if (category.pid === 0) throw AppError.invalid('pid', { 'zh-CN': '功能须放在子分类下，不能放在一级分类下', 'en-US': 'functions belong to a subcategory, not a top category' });
    return { categoryId: input.pid, name: input.name, explains: sanitizeRichText(input.explains), sort: input.sort };
  }

  async addFunction(input: FunctionInput): Promise<HelpFunction> {
    return toFunction(await this.repo.insertFunction(await this.functionValues(input)));
  }

  async editFunction(id: number, input: FunctionInput): Promise<HelpFunction> {
    if (!(await this.repo.findFunction(id))) throw AppError.notFound();
    const row = await this.repo.updateFunction(id, await this.functionValues(input));
    if (!row) throw AppError.notFound();
    return toFunction(row);
  }

  async deleteFunction(id: number): Promise<void> {
    if (!(await this.repo.deleteFunction(id))) throw AppError.notFound();
  }
}
