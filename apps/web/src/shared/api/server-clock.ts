/**
 * The server's clock as the client knows it (SPEC §12: deadlines count on the server's time,
 * never the phone's). Every answer carries the server's time (header `x-server-time`, ms since
 * the epoch); the offset from the phone's clock is taken at the middle of the round trip, and
 * the answer with the shortest round trip so far is trusted most.
 */
export const SERVER_TIME_HEADER = 'x-server-time';

let offsetMs = 0;
let bestRoundTripMs = Number.POSITIVE_INFINITY;

/** Notes one answer's server time; `sentAt` and `receivedAt` are the phone's clock around the call. */
export function noteServerTime(header: string | null, sentAt: number, receivedAt: number): void {
  const server = Number(header);
  if (!header || !Number.isFinite(server) || server <= 0) return;
  const roundTrip = Math.max(0, receivedAt - sentAt);
  // A fresher answer replaces an older one unless its round trip was much longer (a slow answer
  // says less precisely when the server read its clock). The clock may also move on the server
  // (a deadline reached by clock travel in the journeys), so a later answer always counts.
  if (roundTrip > bestRoundTripMs * 4 + 500) return;
  bestRoundTripMs = Math.min(bestRoundTripMs, roundTrip);
  offsetMs = server - (sentAt + roundTrip / 2);
}

/** The server's time now, in ms since the epoch. */
export function serverNow(): number {
  return Date.now() + offsetMs;
}

/** For tests: forget what was learned. */
export function resetServerClock(): void {
  offsetMs = 0;
  bestRoundTripMs = Number.POSITIVE_INFINITY;
}
