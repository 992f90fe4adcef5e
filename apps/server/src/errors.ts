import type { ErrorKey } from '@kabuto/contract';

/**
 * A refusal with a key from the SPEC §7 catalogue. The error handler answers
 * `{status: 0, msg: key, data}`; anything else thrown is a fault and answers a hidden 500.
 */
export class DomainError extends Error {
  constructor(
    readonly key: ErrorKey,
    readonly data?: { field?: string; [k: string]: unknown },
  ) {
    super(key);
    this.name = 'DomainError';
  }
}

export const refuse = (key: ErrorKey, data?: DomainError['data']): never => {
  throw new DomainError(key, data);
};
