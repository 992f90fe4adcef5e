import type { admin } from '@kabuto/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage, stubBackOffice } from '../../test/back-office';
import { NotifyCard } from './notify-card';

const ALERTS: admin.UserAlertView[] = [
  {
    id: 12,
    code: '7203',
    kind: 'above',
    value: '3300.000000',
    repeat: 'daily',
    active: true,
    createdAt: '2026-11-20T00:00:00.000Z',
    updatedAt: '2026-11-20T00:00:00.000Z',
    firedAt: '2026-11-26T01:00:00.000Z',
    firedPrice: '3319.500000',
    fires: 2,
  },
  {
    id: 11,
    code: 'AAPL',
    kind: 'fall',
    value: '5.00',
    repeat: 'once',
    active: false,
    createdAt: '2026-11-19T00:00:00.000Z',
    updatedAt: '2026-11-19T00:00:00.000Z',
    firedAt: null,
    firedPrice: null,
    fires: 0,
  },
];

const DEVICE: admin.PushDeviceView = {
  id: 40,
  host: 'fcm.googleapis.com',
  device: 'Chrome 131 · Android 15',
  createdAt: '2026-11-21T00:00:00.000Z',
  lastSentAt: null,
  failures: 4,
};

const page = <T,>(list: T[]) => ({ list, total: list.length, page: 1, size: 10 });

function backOffice() {
  let devices = [DEVICE];
  return stubBackOffice((call) => {
    if (call.method === 'GET' && call.path.startsWith('/users/7/alerts?'))
      return { status: 200, body: page(ALERTS) };
    if (call.method === 'GET' && call.path.startsWith('/users/7/push-devices?'))
      return { status: 200, body: page(devices) };
    if (call.method === 'POST' && call.path === '/users/7/push-devices/40/remove') {
      devices = [];
      return { status: 200, body: { removed: DEVICE } };
    }
    return undefined;
  });
}

describe('user alerts and push devices', () => {
  it("lists the user's alerts with their condition, repeat, state and fires", async () => {
    backOffice();
    renderPage(<NotifyCard userId={7} />);
    const alerts = await screen.findByTestId('user-alerts');
    const toyota = (await within(alerts).findByText('7203')).closest('tr')!;
    expect(toyota).toHaveTextContent('Price ≥ 3,300');
    expect(toyota).toHaveTextContent('Once a day');
    expect(toyota).toHaveTextContent('Watching');
    expect(toyota).toHaveTextContent('@ 3,319.5');
    expect(within(toyota).getByText('2')).toBeInTheDocument();
    const apple = within(alerts).getByText('AAPL').closest('tr')!;
    expect(apple).toHaveTextContent('Day change ≤ −5 %');
    expect(apple).toHaveTextContent('Stopped');
    expect(apple).toHaveTextContent('Never');
  });

  it('removes a device only with a reason, and lists it no more', async () => {
    const sent = backOffice();
    renderPage(<NotifyCard userId={7} />);
    const devices = await screen.findByTestId('user-devices');
    const row = (await within(devices).findByText('fcm.googleapis.com')).closest('tr')!;
    expect(row).toHaveTextContent('Chrome 131 · Android 15');
    expect(row).toHaveTextContent('4');

    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(/Remove this device \(fcm\.googleapis\.com\)\?/)).toBeInTheDocument();
    // No reason, no removal.
    await user.click(screen.getByTestId('reason-ok'));
    expect(
      await screen.findByText('Please give a reason', { selector: '.ant-form-item-explain-error' }),
    ).toBeInTheDocument();
    expect(sent.filter((c) => c.method === 'POST')).toEqual([]);

    await user.type(screen.getByTestId('reason-input'), 'phone lost, investor called');
    await user.click(screen.getByTestId('reason-ok'));
    await waitFor(() =>
      expect(sent.filter((c) => c.method === 'POST')).toEqual([
        {
          method: 'POST',
          path: '/users/7/push-devices/40/remove',
          body: { reason: 'phone lost, investor called' },
        },
      ]),
    );
    expect(await screen.findByText('Device removed')).toBeInTheDocument();
    expect(await within(devices).findByText('No push devices')).toBeInTheDocument();
  });

  it('shows a refused removal in the operator’s words and keeps the device', async () => {
    stubBackOffice((call) => {
      if (call.method === 'GET' && call.path.startsWith('/users/7/alerts?'))
        return { status: 200, body: page([]) };
      if (call.method === 'GET' && call.path.startsWith('/users/7/push-devices?'))
        return { status: 200, body: page([DEVICE]) };
      if (call.method === 'POST') return { status: 404, body: { error: 'not_found', field: 'device' } };
      return undefined;
    });
    renderPage(<NotifyCard userId={7} />);
    expect(await screen.findByText('No price alerts')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove' }));
    await user.type(await screen.findByTestId('reason-input'), 'duplicate');
    await user.click(screen.getByTestId('reason-ok'));
    expect(await screen.findByText('Not found')).toBeInTheDocument();
    expect(screen.getByText('fcm.googleapis.com')).toBeInTheDocument();
  });
});
