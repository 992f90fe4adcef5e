/**
 * Counts requests in flight (SPEC §2: "a loading toast shows while requests are in flight and
 * clears when the last one finishes"). `onBusy` fires on the first start, `onIdle` when the last
 * request ends; overlapping requests share one indicator.
 */
export interface RequestCounter {
  start(): void;
  finish(): void;
  readonly inFlight: number;
}

export function createRequestCounter(handlers: { onBusy: () => void; onIdle: () => void }): RequestCounter {
  let inFlight = 0;
  return {
    start() {
      inFlight += 1;
      if (inFlight === 1) handlers.onBusy();
    },
    finish() {
      // A finish without a start (e.g. a handler run twice) must not drive the count negative.
      if (inFlight === 0) return;
      inFlight -= 1;
      if (inFlight === 0) handlers.onIdle();
    },
    get inFlight() {
      return inFlight;
    },
  };
}
