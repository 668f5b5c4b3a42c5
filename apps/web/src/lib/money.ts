/**
 * Integer cents as yuan with two decimals and thousands separators (`123456789` → `1,234,567.89`), computed on the
 * integer so no float rounding shows.
 */
export function formatCents(cents: number): string {
  const whole = Math.trunc(cents);
  const abs = Math.abs(whole);
  const yuan = Math.floor(abs / 100).toLocaleString('en-US');
  return `${whole < 0 ? '-' : ''}${yuan}.${String(abs % 100).padStart(2, '0')}`;
}
