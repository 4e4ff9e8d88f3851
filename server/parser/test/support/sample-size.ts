/**
 * The one size knob of the sampled runs. `npm test` runs a CI-sized sample of
 * each long run (property runs, browser soups, scaling, corpus sweeps), so
 * that it stays under 5 minutes on a 2-core machine; `npm run test:long` sets
 * `TAGTREE_LONG=1` and runs them at the long runs' sizes. A test's own
 * variable (`TAGTREE_REAL_EDITS`, `TAGTREE_BROWSER_INPUTS`…) wins over both.
 *
 * A new sampled test picks both sizes here: `sampleSize('TAGTREE_MY_RUN', ci, long)`.
 */

/** True in `npm run test:long` (TAGTREE_LONG=1). */
export const LONG_RUN = process.env.TAGTREE_LONG === '1';

/** `variable`'s value when set to a positive number, else `long` in the long run and `ci` in `npm test`. */
export function sampleSize(variable: string, ci: number, long: number): number {
  const own = Number(process.env[variable]);
  if (process.env[variable] !== undefined && process.env[variable] !== '' && Number.isFinite(own) && own > 0) return own;
  return LONG_RUN ? long : ci;
}
