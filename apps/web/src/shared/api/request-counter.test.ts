import { describe, expect, it } from 'vitest';
import { createRequestCounter } from './request-counter';

function recorder() {
  const events: string[] = [];
  const counter = createRequestCounter({
    onBusy: () => events.push('busy'),
    onIdle: () => events.push('idle'),
  });
  return { events, counter };
}

describe('request counter', () => {
  it('shows the indicator once while overlapping requests run and clears it when the last finishes', () => {
    const { events, counter } = recorder();
    counter.start();
    counter.start();
    counter.start();
    expect(events).toEqual(['busy']);
    counter.finish();
    counter.finish();
    expect(events).toEqual(['busy']);
    expect(counter.inFlight).toBe(1);
    counter.finish();
    expect(events).toEqual(['busy', 'idle']);
    expect(counter.inFlight).toBe(0);
  });

  it('shows the indicator again for a request that starts after the previous batch ended', () => {
    const { events, counter } = recorder();
    counter.start();
    counter.finish();
    counter.start();
    counter.finish();
    expect(events).toEqual(['busy', 'idle', 'busy', 'idle']);
  });

  it('ignores a finish without a matching start instead of going negative', () => {
    const { events, counter } = recorder();
    counter.finish();
    expect(counter.inFlight).toBe(0);
    counter.start();
    expect(events).toEqual(['busy']);
  });
});
