import { NOTIFY_KINDS } from '@kabuto/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { answerApi, signedIn } from '../../../test/api';
import { renderInApp } from '../../../test/render';
import NotificationsPage from './notifications-page';

const switches = (on: readonly string[] = []) =>
  Object.fromEntries(NOTIFY_KINDS.map((kind) => [kind, on.includes(kind)]));

/** The browser's push pieces, at the edge: a permission that answers `answer`, and a push manager. */
function browserPush(permission: NotificationPermission, answer: NotificationPermission = 'granted') {
  const requestPermission = vi.fn(async () => answer);
  vi.stubGlobal(
    'Notification',
    Object.assign(function Notification() {}, { permission, requestPermission }),
  );
  vi.stubGlobal('PushManager', function PushManager() {});
  const subscription = {
    endpoint: 'https://fcm.googleapis.com/fcm/send/abc123def456',
    toJSON: () => ({
      endpoint: 'https://fcm.googleapis.com/fcm/send/abc123def456',
      expirationTime: null,
      keys: { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) },
    }),
  };
  const subscribe = vi.fn(async () => subscription);
  const registration = { pushManager: { getSubscription: async () => null, subscribe } };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { ready: Promise.resolve(registration) },
  });
  return { requestPermission, subscribe };
}

function noServiceWorker() {
  Reflect.deleteProperty(navigator, 'serviceWorker');
}

describe('notification settings', () => {
  it('shows a switch per kind and the number of devices, without asking for permission', async () => {
    signedIn();
    const push = browserPush('default');
    answerApi({ '/user/notifySettings': { switches: switches(['alert', 'fill']), devices: 2 } });
    await renderInApp(<NotificationsPage />);

    expect(await screen.findByRole('switch', { name: 'Price alerts' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Fills' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Lock-in ends' })).not.toBeChecked();
    expect(screen.getAllByRole('switch')).toHaveLength(NOTIFY_KINDS.length);
    expect(screen.getByText('Devices receiving pushes: 2')).toBeInTheDocument();
    expect(push.requestPermission).not.toHaveBeenCalled();
    noServiceWorker();
  });

  it('asks for permission when a kind is turned on, then keeps this device’s subscription', async () => {
    signedIn();
    const push = browserPush('default');
    const sent = answerApi({
      '/user/notifySettings': (body: Record<string, unknown>) => ({
        switches: switches(body.lottery === true ? ['lottery'] : []),
        devices: 0,
      }),
      '/user/pushKey': {
        key: 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U',
      },
      '/user/pushSubscribe': { devices: 1 },
    });
    await renderInApp(<NotificationsPage />);

    await userEvent.click(
      await screen.findByRole('switch', { name: 'Lottery results and payment deadlines' }),
    );
    await waitFor(() => expect(push.requestPermission).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(push.subscribe).toHaveBeenCalledTimes(1));
    expect(push.subscribe.mock.calls[0]).toEqual([
      expect.objectContaining({ userVisibleOnly: true, applicationServerKey: expect.any(Uint8Array) }),
    ]);
    await waitFor(() =>
      expect(sent.find((call) => call.path === '/user/pushSubscribe')?.body).toMatchObject({
        subscription: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc123def456' },
      }),
    );
    expect(
      sent.find((call) => call.path === '/user/notifySettings' && 'lottery' in call.body)?.body,
    ).toMatchObject({ lottery: true });
    expect(await screen.findByText('Devices receiving pushes: 1')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Lottery results and payment deadlines' })).toBeChecked();
    noServiceWorker();
  });

  it('does not ask when a kind is turned off', async () => {
    signedIn();
    const push = browserPush('default');
    const sent = answerApi({
      '/user/notifySettings': (body: Record<string, unknown>) => ({
        switches: switches(body.alert === false ? [] : ['alert']),
        devices: 1,
      }),
    });
    await renderInApp(<NotificationsPage />);
    await userEvent.click(await screen.findByRole('switch', { name: 'Price alerts' }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Price alerts' })).not.toBeChecked());
    expect(sent.find((call) => 'alert' in call.body)?.body).toMatchObject({ alert: false });
    expect(push.requestPermission).not.toHaveBeenCalled();
    noServiceWorker();
  });

  it('says so plainly when the browser blocks push, and keeps the switch on', async () => {
    signedIn();
    const push = browserPush('default', 'denied');
    answerApi({
      '/user/notifySettings': (body: Record<string, unknown>) => ({
        switches: switches(body.fill === true ? ['fill'] : []),
        devices: 0,
      }),
    });
    await renderInApp(<NotificationsPage />);
    await userEvent.click(await screen.findByRole('switch', { name: 'Fills' }));
    expect(await screen.findByText(/The browser blocks push notifications/)).toBeInTheDocument();
    expect(push.subscribe).not.toHaveBeenCalled();
    expect(screen.getByRole('switch', { name: 'Fills' })).toBeChecked();
    noServiceWorker();
  });

  it('says when this browser cannot receive pushes at all', async () => {
    signedIn();
    noServiceWorker();
    answerApi({ '/user/notifySettings': { switches: switches(), devices: 0 } });
    await renderInApp(<NotificationsPage />);
    expect(await screen.findByText(/This browser cannot receive push notifications/)).toBeInTheDocument();
  });
});
