import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useIdle } from './use-idle';

function Probe() {
  return <p data-testid="idle">{String(useIdle())}</p>;
}

describe('useIdle', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is false on the first render and true once the browser is idle', () => {
    let idle: (() => void) | undefined;
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => {
      idle = callback;
      return 1;
    });
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    render(<Probe />);
    expect(screen.getByTestId('idle').textContent).toBe('false');
    act(() => idle?.());
    expect(screen.getByTestId('idle').textContent).toBe('true');
  });

  it('forgets the idle moment when the component leaves first', () => {
    const cancel = vi.fn();
    vi.stubGlobal('requestIdleCallback', () => 7);
    vi.stubGlobal('cancelIdleCallback', cancel);
    const { unmount } = render(<Probe />);
    unmount();
    expect(cancel).toHaveBeenCalledWith(7);
  });
});
