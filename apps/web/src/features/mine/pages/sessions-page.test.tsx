import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi, signedIn } from '../../../test/api';
import { renderInApp } from '../../../test/render';
import SessionsPage from './sessions-page';

const session = (id: number, current: boolean, device: string, address: string | null) => ({
  id,
  device,
  platform: current ? 'desktop' : 'mobile',
  current,
  address,
  createdAt: '2026-11-20T00:00:00.000Z',
  lastSeenAt: '2026-11-21T00:00:00.000Z',
});

describe('signed-in devices', () => {
  it('shows each device with its address, first and last seen, and offers to end only the others', async () => {
    signedIn();
    answerApi({
      '/user/sessions': {
        list: [
          session(1, true, 'Chrome 124 · Windows 10', '203.0.113.7'),
          session(2, false, 'Safari 17 · iOS 17.4 · iPhone', null),
        ],
      },
    });
    await renderInApp(<SessionsPage />);

    const [desktop, phone] = await screen.findAllByTestId('session-device');
    expect(desktop).toHaveTextContent('Chrome 124 · Windows 10');
    expect(within(desktop as HTMLElement).getByTestId('session-address')).toHaveTextContent(
      'IP address 203.0.113.7',
    );
    expect(desktop).toHaveTextContent('This device');
    expect(desktop).toHaveTextContent('Last active 11/21/2026, 00:00 UTC');
    expect(desktop).toHaveTextContent('Signed in 11/20/2026, 00:00 UTC');
    // An older session without a recorded address says nothing about one.
    expect(within(phone as HTMLElement).queryByTestId('session-address')).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Sign out' })).toHaveLength(1);
  });
});
