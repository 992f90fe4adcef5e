/**
 * Times on the investor's screens go through the one formatter both apps share
 * (packages/contract time.ts): the market's clock for market events, the reader's for their own
 * actions, every time labelled with its zone.
 */
export { formatDay, formatWhen, type TimeBasis, type TimeStyle, zoneLabel, zoneOf } from '@kabuto/contract';
