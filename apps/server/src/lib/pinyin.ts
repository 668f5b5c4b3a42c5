import { INDEX_LETTERS, type IndexLetter } from '@juqi/contract';
import { pinyin } from 'pinyin-pro';

/** How a name is read (docs/departments.md › Pinyin). */
export interface PinyinReading {
  /**
   * A person's name: its first character is read as a surname where it has a surname reading (单 Shan, 曾 Zeng, 解 Xie,
   * 仇 Qiu, 区 Ou). Other names (departments, cities) are read as words, in context (长沙 Chang, 重庆 Chong).
   */
  person?: boolean;
}

const optionsOf = (reading: PinyinReading) => ({ toneType: 'none', type: 'array', surname: reading.person ? 'head' : 'off' }) as const;

/** The name's full pinyin, lowercase without tones (ü kept): `长沙市` → `changshashi`. Other characters stay as they are, lowercased. */
export function spelledOf(name: string, reading: PinyinReading = {}): string {
  return pinyin(name, optionsOf(reading)).join('').toLowerCase();
}

/** The first letter of each character's pinyin, lowercase: `人力资源部` → `rlzyb`. Other characters stay as they are, lowercased. */
export function initialsOf(name: string, reading: PinyinReading = {}): string {
  return pinyin(name, { ...optionsOf(reading), pattern: 'first' }).join('').toLowerCase();
}

const HAN = /^\p{Script=Han}$/u;
const LATIN = /^[A-Za-z]$/;

/**
 * Where the name goes in a letter index: a Latin letter as it is (full-width ones too), a Chinese character by its
 * pinyin's first letter, uppercase; `#` for anything else (a digit, a symbol, a character pinyin does not know) and for
 * an empty name.
 */
export function letterOf(name: string, reading: PinyinReading = {}): IndexLetter {
  const normalised = name.trim().normalize('NFKC');
  const first = [...normalised][0];
  if (first === undefined) return '#';
  if (LATIN.test(first)) return first.toUpperCase() as IndexLetter;
  if (!HAN.test(first)) return '#';
  // The whole name is read, so the first character's reading follows its word (长沙, 重庆) or its surname reading.
  const letter = initialsOf(normalised, reading).charAt(0).toUpperCase();
  return LATIN.test(letter) ? (letter as IndexLetter) : '#';
}

/**
 * A letter index (A–Z, then #): each row's item under its letter, in the rows' order; only letters that have items.
 * Rows are read in pinyin order by the caller, so each group comes out in that order.
 */
export function letterGroups<Row, Item>(rows: Iterable<Row>, letterOfRow: (row: Row) => string, item: (row: Row) => Item): { letter: IndexLetter; items: Item[] }[] {
  const groups = new Map<IndexLetter, Item[]>(INDEX_LETTERS.map((letter) => [letter, []]));
  for (const row of rows) groups.get(letterOfRow(row) as IndexLetter)?.push(item(row));
  return [...groups].filter(([, items]) => items.length).map(([letter, items]) => ({ letter, items }));
}
