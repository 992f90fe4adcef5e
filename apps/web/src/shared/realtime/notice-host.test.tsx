import { unreadCountCall } from '@kabuto/contract';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../test/api';
import { renderInApp } from '../../test/render';
import { apiQueryKey } from '../api/hooks';
import { useSession } from '../session/session-store';
import { toastDone } from '../ui/toast';
import { quoteStream } from './live-quote';
import { NoticeHost } from './notice-host';
import type { StreamAuth, StreamNotice } from './quote-stream';

/** The app's stream seen from the host: who it binds to, and a notice the server sends. */
function watchStream() {
  const stream = quoteStream();
  const auth: Array<StreamAuth | null> = [];
  const setAuth = vi.spyOn(stream, 'setAuth').mockImplementation((next) => {
    auth.push(next);
  });
  let deliver: (notice: StreamNotice) => void = () => undefined;
  vi.spyOn(stream, 'onNotice').mockImplementation((listener) => {
    deliver = listener;
    return () => undefined;
  });
  return { auth, setAuth, send: (notice: StreamNotice) => act(() => deliver(notice)) };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('live notices', () => {
  it('binds the socket to the signed-in investor, and unbinds it on sign-out', async () => {
    const stream = watchStream();
    signedIn();
    await renderInApp(<NoticeHost />);
    expect(stream.auth.at(-1)).toEqual({ token: 'test-token', account: 'reader1', language: 'us' });
    act(() => useSession.getState().clear());
    expect(stream.auth.at(-1)).toBeNull();
  });

  it('shows a live notice as a toast and sets the bell’s count', async () => {
    const stream = watchStream();
    signedIn();
    const { client } = await renderInApp(<NoticeHost />);
    const bell = apiQueryKey(unreadCountCall, 'jpy', {});
    client.setQueryData(bell, { count: 2 });

    stream.send({
      type: 'notice',
      id: 41,
      kind: 'alert',
      title: 'Toyota Motor: price ≥ 3,100',
      body: 'Now 3,105',
      unread: 3,
      live: true,
    });
    expect(await screen.findByTestId('notice-toast')).toHaveTextContent(
      'Toyota Motor: price ≥ 3,100Now 3,105',
    );
    expect(client.getQueryData(bell)).toEqual({ count: 3 });
  });

  it('waits for the toast on screen instead of replacing it', async () => {
    const stream = watchStream();
    signedIn();
    await renderInApp(<NoticeHost />);
    toastDone('Order placed');
    expect(await screen.findByText('Order placed')).toBeInTheDocument();
    stream.send({
      type: 'notice',
      id: 42,
      kind: 'fill',
      title: 'Order filled',
      body: '',
      unread: 1,
      live: true,
    });
    // The success toast keeps its time; the notice follows it.
    expect(screen.queryByTestId('notice-toast')).toBeNull();
    expect(screen.getByText('Order placed')).toBeInTheDocument();
    expect(await screen.findByTestId('notice-toast', {}, { timeout: 10_000 })).toHaveTextContent(
      'Order filled',
    );
  });

  it('looks again when its turn comes: a toast shown meanwhile keeps its time', async () => {
    const stream = watchStream();
    signedIn();
    await renderInApp(<NoticeHost />);
    toastDone('Alert added');
    stream.send({
      type: 'notice',
      id: 43,
      kind: 'fill',
      title: 'Order filled',
      body: '',
      unread: 1,
      live: true,
    });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    toastDone('Order placed');
    // The notice's turn came when the first toast ended; the second one was on screen by then.
    await new Promise((resolve) => setTimeout(resolve, 1_300));
    expect(screen.getByText('Order placed')).toBeInTheDocument();
    expect(screen.queryByTestId('notice-toast')).toBeNull();
    expect(await screen.findByTestId('notice-toast', {}, { timeout: 10_000 })).toHaveTextContent(
      'Order filled',
    );
  });

  it('only counts a notice whose kind is switched off', async () => {
    const stream = watchStream();
    signedIn();
    const { client } = await renderInApp(<NoticeHost />);
    const bell = apiQueryKey(unreadCountCall, 'jpy', {});
    client.setQueryData(bell, { count: 0 });
    stream.send({ type: 'notice', id: 42, kind: 'fill', title: 'Filled', body: '', unread: 1, live: false });
    stream.send({ type: 'authed', unread: 1 });
    await waitFor(() => expect(client.getQueryData(bell)).toEqual({ count: 1 }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('notice-toast')).toBeNull();
  });
});
