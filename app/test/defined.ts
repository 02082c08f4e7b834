/**
 * The value, or a thrown error naming what was missing: tests use it where a row, a match or an
 * entry must be there, instead of a non-null assertion that would fail later and less clearly.
 * Shared by the Vitest tests and the Playwright specs in tests/.
 */
export function defined<T>(value: T | null | undefined, what = "value"): T {
  if (value === null || value === undefined) throw new Error(`expected ${what}, got ${value}`);
  return value;
}
