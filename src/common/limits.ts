/**
 * The bounds that keep a run's time, memory and report size in proportion to the repository
 * (issue 33), in one place. Where a bound is reached, the check says so with a located notice
 * rather than silently doing less.
 */

/**
 * Policy × resource candidate pairs the Kyverno dry-run evaluates before it stops: about 70 µs
 * each on the 2-core development machine (the corpus's 1,140 policies), so the limit bounds a
 * run at ~20 s.
 */
export const KYVERNO_DRY_RUN_MAX_EVALUATIONS = 250_000

/**
 * Policy-binding × resource evaluations (cells of the policy × resource matrix) the admission
 * dry-run makes before it stops. Both ends grow with the repository, so without a bound the
 * matrix grows with its square: four copies of the corpus made 5.2 GB of JSON report.
 */
export const ADMISSION_DRY_RUN_MAX_EVALUATIONS = 250_000

/**
 * Locations listed for a finding that repeats (same rule, same message, on many objects) in the
 * JSON report, besides its own; the report gives the total count. Also the resources listed per
 * folded cell of the dry-run matrices.
 */
export const FOLDED_LOCATIONS_LIMIT = 10
