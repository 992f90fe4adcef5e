import type { admin } from '@kabuto/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage, stubBackOffice } from '../../test/back-office';
import { NotifyPage } from './notify-page';

const OVERVIEW: admin.NotifyOverviewView = {
  now: '2026-11-27T12:00:00.000Z',
  activeAlerts: 1234,
  firedToday: 56,
  firedSince: '2026-11-26T15:00:00.000Z',
  pushDevices: 789,
  failingDevices: 3,
  waitingMessages: 2,
  oldestWaitingAt: '2026-11-27T11:59:30.000Z',
  oldestWaitingMs: 30_000,
};

function backOffice(overview: admin.NotifyOverviewView) {
  return stubBackOffice(({ method, path }) =>
    method === 'GET' && path === '/notify/overview' ? { status: 200, body: overview } : undefined,
  );
}

describe('notifications page', () => {
  it('shows the alerts watching and fired today, the devices and the messages waiting to be pushed', async () => {
    backOffice(OVERVIEW);
    renderPage(<NotifyPage />);
    expect(await screen.findByTestId('notify-state')).toHaveTextContent('Messages are going out');
    expect(screen.getByTestId('active-alerts')).toHaveTextContent('Active alerts1,234');
    expect(screen.getByTestId('fired-today')).toHaveTextContent('Fired today56');
    expect(screen.getByText(/^Since .*27.* 00:00 (JST|GMT\+9)$/)).toBeInTheDocument();
    expect(screen.getByTestId('push-devices')).toHaveTextContent('789');
    expect(screen.getByTestId('failing-devices')).toHaveTextContent('3');
    expect(screen.getByTestId('waiting-messages')).toHaveTextContent('2');
    expect(screen.getByTestId('oldest-waiting')).toHaveTextContent('0 min');
  });

  it('says so when a message has waited minutes, and shows none waiting as none', async () => {
    backOffice({ ...OVERVIEW, oldestWaitingAt: '2026-11-27T11:40:00.000Z', oldestWaitingMs: 20 * 60_000 });
    const first = renderPage(<NotifyPage />);
    expect(await screen.findByTestId('notify-state')).toHaveTextContent(
      'A message has waited more than 5 min: check that the notifier is running',
    );
    expect(screen.getByTestId('oldest-waiting')).toHaveTextContent('20 min');
    first.unmount();

    backOffice({ ...OVERVIEW, waitingMessages: 0, oldestWaitingAt: null, oldestWaitingMs: null });
    renderPage(<NotifyPage />);
    expect(await screen.findByTestId('notify-state')).toHaveTextContent('Messages are going out');
    expect(screen.getByTestId('oldest-waiting')).toHaveTextContent('None');
  });

  it('shows a refusal in the operator’s words', async () => {
    stubBackOffice(() => ({ status: 403, body: { error: 'forbidden' } }));
    renderPage(<NotifyPage />);
    expect(await screen.findByText('Your role may not do this')).toBeInTheDocument();
  });
});
