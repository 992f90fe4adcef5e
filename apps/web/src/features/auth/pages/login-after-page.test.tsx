import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../shared/lib/storage';
import { answerApi, signedIn } from '../../../test/api';
import { securityInfo } from '../../../test/fixtures';
import { renderInApp } from '../../../test/render';
import LoginAfterPage from './login-after-page';

// Whether the browser can make a passkey is the edge of the world here (jsdom has no WebAuthn).
const webauthn = vi.hoisted(() => ({ supported: true }));
vi.mock('../../../shared/step-up/webauthn', async (original) => ({
  ...(await original<typeof import('../../../shared/step-up/webauthn')>()),
  passkeysSupported: () => webauthn.supported,
}));

beforeEach(() => {
  webauthn.supported = true;
});
afterEach(() => localStorage.removeItem(STORAGE_KEYS.passkeyInviteSkipped));

function server(passkeys: number) {
  return answerApi({
    '/user/acceptRisk': null,
    '/user/securityInfo': securityInfo(passkeys),
  });
}

async function renderAndAccept() {
  await renderInApp(
    <Routes>
      <Route path="/login/loginAfter" element={<LoginAfterPage />} />
      <Route path="/home/home" element={<p>home screen</p>} />
      <Route path="/mine/security" element={<p>security screen</p>} />
    </Routes>,
    { path: '/login/loginAfter' },
  );
  const user = userEvent.setup({ pointerEventsCheck: 0 });
  await user.click(screen.getByText('I have read and understood these risks'));
  await user.click(screen.getByRole('button', { name: 'Accept and continue' }));
  return user;
}

describe('after sign-up', () => {
  it('invites a new investor to add a passkey once they accept the disclosure, and "Add a passkey" opens the security screen', async () => {
    signedIn();
    const sent = server(0);
    const user = await renderAndAccept();

    const invite = await screen.findByTestId('passkey-invite');
    expect(invite).toHaveTextContent('Sign in safely with a passkey');
    expect(screen.getByText('Protect your account')).toBeInTheDocument();
    expect(sent.map((call) => call.path)).toEqual(['/user/acceptRisk', '/user/securityInfo']);

    await user.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(await screen.findByText('security screen')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.passkeyInviteSkipped)).toBeNull();
  });

  it('goes home on "Not now" and sets the invitation aside on this device', async () => {
    signedIn();
    server(0);
    const user = await renderAndAccept();

    await user.click(await screen.findByRole('button', { name: 'Not now' }));
    expect(await screen.findByText('home screen')).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.passkeyInviteSkipped)).toBe('1');
  });

  it('goes straight home when the investor already has a passkey', async () => {
    signedIn();
    const sent = server(1);
    await renderAndAccept();

    expect(await screen.findByText('home screen')).toBeInTheDocument();
    expect(sent.map((call) => call.path)).toEqual(['/user/acceptRisk', '/user/securityInfo']);
    expect(screen.queryByTestId('passkey-invite')).toBeNull();
  });

  it.each([
    ['the browser cannot make a passkey', { supported: false, setAside: false }],
    ['it was set aside on this device', { supported: true, setAside: true }],
  ])('goes straight home, without asking the server, when %s', async (_, { supported, setAside }) => {
    signedIn();
    webauthn.supported = supported;
    if (setAside) localStorage.setItem(STORAGE_KEYS.passkeyInviteSkipped, '1');
    const sent = server(0);
    await renderAndAccept();

    expect(await screen.findByText('home screen')).toBeInTheDocument();
    expect(sent.map((call) => call.path)).toEqual(['/user/acceptRisk']);
    expect(screen.queryByTestId('passkey-invite')).toBeNull();
  });
});
