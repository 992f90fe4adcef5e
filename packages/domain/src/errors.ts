import type { ErrorKey } from '@kabuto/contract';

/**
 * A rule refused the input for a reason the user can be told (SPEC §7). Callers map `key` to the
 * `{status: 0, msg: key}` refusal; other throws from this package (RangeError…) are programmer errors.
 */
export class RuleViolation extends Error {
  override name = 'RuleViolation';

  constructor(
    readonly key: ErrorKey,
    message: string,
  ) {
    super(message);
  }
}
