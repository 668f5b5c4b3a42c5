import { PHONE_PATTERN } from './first-load';

/**
 * The §5 field rules, shared by the server and the forms: the field-type registry (field-types.ts) builds its value
 * schemas on them, and a form may call them directly.
 */

/** §5 Phone: optional leading plus, optional 0, 2–4 digits with an optional hyphen, then 6–11 digits. */
export function isPhone(value: string | null | undefined): boolean {
  return typeof value === 'string' && PHONE_PATTERN.test(value.trim());
}

/**
 * §5 Email: a local part of letters, digits, underscore, hyphen and dot; an at-sign; a domain (letters, digits and
 * hyphens, possibly in several dot-separated labels); a dot; 2–4 letters.
 */
export const EMAIL_PATTERN = /^[A-Za-z0-9_.-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,4}$/;

export function isEmail(value: string | null | undefined): boolean {
  return typeof value === 'string' && EMAIL_PATTERN.test(value.trim());
}

/** The quantity bounds a form field definition carries (§3); numbers may arrive as form strings. */
export interface ExtendQuantity {
  extend_quantity_min?: number | string | null;
  extend_quantity_max?: number | string | null;
}

/** The entries of a multi-value field: comma-separated (ASCII or full-width comma), trimmed, empty entries dropped. */
export function splitMultiValue(value: string | readonly string[] | null | undefined): string[] {
  if (value == null) return [];
  const parts = typeof value === 'string' ? value.split(/[,，]/) : value;
  return parts.map((part) => part.trim()).filter(Boolean);
}

/** A bound counts as set when it is a positive whole number; 0, empty and null mean "no limit" (as the legacy API sends). */
function bound(value: number | string | null | undefined): number | null {
  if (value == null || value === '') return null;
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
}

export interface ExtendQuantityCheck {
  count: number;
  min: number | null;
  max: number | null;
  /** Why the value fails, or null when it passes. */
  problem: 'too-few' | 'too-many' | null;
}

/** §5 Multi-value extension fields: at least extend_quantity_min and at most extend_quantity_max entries, when set. */
export function checkExtendQuantity(value: string | readonly string[] | null | undefined, limits: ExtendQuantity): ExtendQuantityCheck {
  return checkQuantity(splitMultiValue(value).length, limits);
}

/** The same bounds over a count of items: a list value's ids, files or rows. */
export function checkQuantity(count: number, limits: ExtendQuantity): ExtendQuantityCheck {
  const min = bound(limits.extend_quantity_min);
  const max = bound(limits.extend_quantity_max);
  const problem = min !== null && count < min ? 'too-few' : max !== null && count > max ? 'too-many' : null;
  return { count, min, max, problem };
}

const ID_CARD_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CARD_CHECKS = '10X98765432';

/**
 * A resident identity card number (GB 11643-1999): a 6-digit region, a birth date `YYYYMMDD` that exists (from 1900,
 * not after `today`), a 3-digit sequence and the check character of ISO 7064 MOD 11-2 (`0`–`9` or `X`; a lower-case
 * `x` is taken as `X`).
 */
export function isIdCardNumber(value: string | null | undefined, today = new Date()): boolean {
  if (typeof value !== 'string') return false;
  const id = value.trim().toUpperCase();
  if (!/^[1-9]\d{16}[\dX]$/.test(id)) return false;
  const [year, month, day] = [Number(id.slice(6, 10)), Number(id.slice(10, 12)), Number(id.slice(12, 14))];
  const birth = new Date(Date.UTC(year, month - 1, day));
  if (year < 1900 || birth.getUTCMonth() !== month - 1 || birth.getUTCDate() !== day || birth.getTime() > today.getTime()) return false;
  const sum = ID_CARD_WEIGHTS.reduce((total, weight, i) => total + weight * Number(id[i]), 0);
  return ID_CARD_CHECKS[sum % 11] === id[17];
}

/** An identity card number as lists and exports show it: the birth date hidden (`110105********002X`). */
export function maskIdCardNumber(value: string): string {
  const id = value.trim();
  return id.length === 18 ? `${id.slice(0, 6)}********${id.slice(14)}` : '*'.repeat(id.length);
}
