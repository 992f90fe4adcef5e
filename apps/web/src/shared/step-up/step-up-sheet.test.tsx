import { withdrawCall } from '@kabuto/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, signedIn } from '../../test/api';
import { renderInApp } from '../../test/render';
import { isApiError } from '../api/api-core';
import { callApi } from '../api/client';
import { StepUpSheet } from './step-up-sheet';
import { passkeyAssertion } from './webauthn';

// The browser's WebAuthn prompt is the edge of the world here: it answers a fixed assertion.
vi.mock('./webauthn', async (original) => ({
  ...(await original<typeof import('./webauthn')>()),
  passkeyAssertion: vi.fn(async () => ({
    id: 'cred1',
    rawId: 'cred1',
    type: 'public-key' as const,
    response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
    clientExtensionResults: {},
  })),
}));

afterEach(() => vi.mocked(passkeyAssertion).mockClear());

/** A withdrawal button, as the withdrawal page sends it, showing what came back. */
function Withdraw() {
  const [result, setResult] = useState('none');
  return (
    <>
      <button
        type="button"
        onClick={() =>
          callApi(withdrawCall, { amount: '30000', card_id: 3, fund_password: 'fund123' }).then(
            () => setResult('withdrawn'),
            (error: unknown) => setResult(isApiError(error) ? error.key : 'failed'),
          )
        }
      >
        withdraw
      </button>
      <p>result: {result}</p>
      <StepUpSheet />
    </>
  );
}

const WITHDRAWAL = {
  id: 9,
  orderNo: 'W9',
  currency: 'JPY',
  money: '30000',
  status: 0,
  state: 'pending',
  card: { id: 3, holder: 'Yamada Taro', cardNumber: '**** 7890', institution: 'MUFG Bank' },
  reason: null,
  createdAt: '2026-11-17T01:00:00.000Z',
  reviewedAt: null,
  dueAt: '2026-11-18T01:00:00.000Z',
};

/** A server that refuses the withdrawal until a step-up was made with `right`. */
function server(methods: string[], right: { code?: string; passkey?: boolean }) {
  let steppedUp = false;
  return answerApi({
    '/user/withdraw': () => (steppedUp ? WITHDRAWAL : { refuse: 'step_up_required' }),
    '/user/stepUpOptions': () => ({
      methods,
      passkey: methods.includes('passkey') ? { challenge: 'c1', allowCredentials: [] } : null,
    }),
    '/user/stepUp': (body: Record<string, unknown>) => {
      const ok = body.credential ? right.passkey : body.code === right.code;
      if (!ok) return { refuse: body.credential ? 'passkey_invalid' : 'second_factor_wrong' };
      steppedUp = true;
      return { until: '2026-11-17T01:05:00.000Z' };
    },
  });
}

const sentPaths = (sent: Array<{ path: string }>) => sent.map((s) => s.path);

describe('step-up sheet', () => {
  it('opens on a withdrawal refused for a step-up, takes an authenticator code, and withdraws', async () => {
    signedIn();
    const sent = server(['totp', 'recovery'], { code: '123456' });
    await renderInApp(<Withdraw />);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(screen.getByText('withdraw'));

    expect(await screen.findByRole('dialog', { name: 'Confirm it’s you' })).toBeVisible();
    expect(screen.queryByText('Use a passkey')).toBeNull();
    await user.type(await screen.findByLabelText('6-digit code from your authenticator app'), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    expect(await screen.findByText('result: withdrawn')).toBeInTheDocument();
    expect(sentPaths(sent)).toEqual([
      '/user/withdraw',
      '/user/stepUpOptions',
      '/user/stepUp',
      '/user/withdraw',
    ]);
    expect(sent[2]?.body).toMatchObject({ code: '123456' });
  });

  it('offers the passkey first when the investor has one and proves with it', async () => {
    signedIn();
    const sent = server(['passkey', 'totp', 'recovery'], { passkey: true });
    await renderInApp(<Withdraw />);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(screen.getByText('withdraw'));

    const passkey = await screen.findByRole('button', { name: 'Use a passkey' });
    // The code entry waits behind a link while a passkey is on offer.
    expect(screen.queryByLabelText('6-digit code from your authenticator app')).toBeNull();
    expect(screen.getByRole('button', { name: 'Use a code from your authenticator app' })).toBeVisible();
    await user.click(passkey);

    expect(await screen.findByText('result: withdrawn')).toBeInTheDocument();
    expect(passkeyAssertion).toHaveBeenCalledWith({ challenge: 'c1', allowCredentials: [] });
    expect(sent[2]?.body).toMatchObject({ credential: { id: 'cred1' } });
  });

  it('keeps the sheet open with the reason after a wrong code, and a recovery code then works', async () => {
    signedIn();
    server(['totp', 'recovery'], { code: 'ABCDE-23456' });
    await renderInApp(<Withdraw />);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(screen.getByText('withdraw'));

    await user.type(await screen.findByLabelText('6-digit code from your authenticator app'), '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is wrong or already used');
    expect(screen.getByText('result: none')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await user.type(screen.getByLabelText('Recovery code'), 'ABCDE-23456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('result: withdrawn')).toBeInTheDocument();
  });

  it('answers the refusal without sending the withdrawal again when the investor closes it', async () => {
    signedIn();
    const sent = server(['totp', 'recovery'], { code: '123456' });
    await renderInApp(<Withdraw />);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(screen.getByText('withdraw'));
    await screen.findByLabelText('6-digit code from your authenticator app');

    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(await screen.findByText('result: step_up_required')).toBeInTheDocument();
    // The sheet slides away frame by frame; at idle priority beside the journeys a frame can
    // wait seconds for a core.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm it’s you' })).toBeNull(), {
      timeout: 30_000,
    });
    expect(sentPaths(sent).filter((p) => p === '/user/withdraw')).toHaveLength(1);
  });
});
