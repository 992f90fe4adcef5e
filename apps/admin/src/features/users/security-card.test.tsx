import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage, stubBackOffice } from '../../test/back-office';
import { SecurityCard } from './security-card';

const SECURITY = {
  factors: {
    passkeys: [{ id: 1, name: 'Work laptop', createdAt: '2026-11-20T00:00:00.000Z', lastUsedAt: null }],
    totp: true,
    recoveryCodesLeft: 9,
    secondFactor: true,
  },
  sessions: [
    {
      id: 40,
      device: 'Chrome on Windows',
      address: '203.0.113.7',
      createdAt: '2026-11-21T00:00:00.000Z',
      lastSeenAt: '2026-11-21T01:00:00.000Z',
      steppedUpAt: null,
    },
  ],
};

describe('user security card', () => {
  it('lists the factors and sessions, never a secret, and resets the factors only with a reason', async () => {
    let reset = false;
    const sent = stubBackOffice((call) => {
      if (call.method === 'GET' && call.path === '/users/7/security')
        return {
          status: 200,
          body: reset
            ? {
                factors: { passkeys: [], totp: false, recoveryCodesLeft: 0, secondFactor: false },
                sessions: [],
              }
            : SECURITY,
        };
      if (call.method === 'POST' && call.path === '/users/7/reset-factors') {
        reset = true;
        return { status: 200, body: { passkeys: 1, totp: true, sessionsEnded: 1 } };
      }
      return undefined;
    });
    renderPage(<SecurityCard userId={7} />);
    const card = await screen.findByTestId('security-card');
    expect(await within(card).findByText('Work laptop')).toBeInTheDocument();
    expect(within(card).getByText('Chrome on Windows')).toBeInTheDocument();
    expect(within(card).getByText('203.0.113.7')).toBeInTheDocument();
    expect(within(card).getByText('9')).toBeInTheDocument();
    expect(within(card).getByText('On')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Reset second factors' }));
    // No reason, no reset.
    await user.click(await screen.findByTestId('reason-ok'));
    expect(
      await screen.findByText(/reason/i, { selector: '.ant-form-item-explain-error' }),
    ).toBeInTheDocument();
    expect(sent.filter((c) => c.method === 'POST')).toEqual([]);

    await user.type(screen.getByTestId('reason-input'), 'lost phone, identity checked by call');
    await user.click(screen.getByTestId('reason-ok'));
    await waitFor(() =>
      expect(sent.filter((c) => c.method === 'POST')).toEqual([
        {
          method: 'POST',
          path: '/users/7/reset-factors',
          body: { reason: 'lost phone, identity checked by call' },
        },
      ]),
    );
    expect(await screen.findByText('Reset; 1 sessions ended')).toBeInTheDocument();
    await waitFor(() => expect(within(card).getByText('Off')).toBeInTheDocument());
    expect(within(card).getByRole('button', { name: 'Reset second factors' })).toBeDisabled();
  });
});
