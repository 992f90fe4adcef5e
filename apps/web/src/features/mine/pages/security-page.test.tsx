import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../shared/api/query-client';
import { answerApi, signedIn } from '../../../test/api';
import { renderInApp } from '../../../test/render';
import SecurityPage from './security-page';

const CODES = Array.from({ length: 10 }, (_, i) => `ABCDE-${String(23450 + i)}`);
const SECRET = 'JBSWY3DPEHPK3PXP';

function server(totpOn: { value: boolean }) {
  return answerApi({
    '/user/securityInfo': () => ({
      passkeys: [
        {
          id: 1,
          name: 'iPhone',
          createdAt: '2026-11-20T00:00:00.000Z',
          lastUsedAt: '2026-11-21T00:00:00.000Z',
        },
      ],
      totp: totpOn.value,
      recoveryCodesLeft: totpOn.value ? 10 : 0,
      secondFactor: true,
      requireSecondFactor: false,
      steppedUpUntil: null,
    }),
    '/user/totpSetup': {
      secret: SECRET,
      otpauth_uri: `otpauth://totp/Kabuto:reader1?secret=${SECRET}&issuer=Kabuto`,
    },
    '/user/totpEnable': (body: Record<string, unknown>) => {
      if (body.code !== '123456') return { refuse: 'second_factor_wrong' };
      totpOn.value = true;
      return { codes: CODES };
    },
  });
}

afterEach(() => queryClient.clear());

describe('security page', () => {
  it('lists the passkeys and turns the authenticator app on with a QR code, the key and a first code', async () => {
    signedIn();
    const totpOn = { value: false };
    const sent = server(totpOn);
    // The app's own query client: a change reads the security info again through it.
    await renderInApp(<SecurityPage />, { client: queryClient });
    const user = userEvent.setup({ pointerEventsCheck: 0 });

    const passkeys = await screen.findByTestId('passkeys');
    expect(within(passkeys).getByText('iPhone')).toBeInTheDocument();
    expect(within(screen.getByTestId('totp')).getByText('Off')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Set up an authenticator app' }));
    const setup = await screen.findByTestId('totp-setup');
    expect(
      await within(setup).findByRole('img', { name: 'QR code to set up an authenticator app' }),
    ).toHaveAttribute('src', expect.stringMatching(/^data:image\/png;base64,/));
    expect(within(setup).getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP');

    // A wrong first code says so and turns nothing on.
    await user.type(within(setup).getByLabelText('Enter the 6-digit code the app shows'), '000000');
    await user.click(within(setup).getByRole('button', { name: 'Turn on' }));
    expect(await within(setup).findByRole('alert')).toHaveTextContent('That code is wrong or already used');

    await user.type(within(setup).getByLabelText('Enter the 6-digit code the app shows'), '123456');
    await user.click(within(setup).getByRole('button', { name: 'Turn on' }));
    const codes = await screen.findByTestId('recovery-codes');
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(sent.filter((s) => s.path === '/user/totpEnable').map((s) => s.body.code)).toEqual([
      '000000',
      '123456',
    ]);

    // Shown once: gone when the investor has saved them.
    await user.click(within(codes).getByRole('button', { name: 'I have saved them' }));
    expect(screen.queryByTestId('recovery-codes')).toBeNull();
    expect(await within(await screen.findByTestId('totp')).findByText('On')).toBeInTheDocument();
    expect(within(screen.getByTestId('recovery')).getByText('10 unused')).toBeInTheDocument();
  });

  it('leads to the signed-in devices from a row that says what is there', async () => {
    signedIn();
    server({ value: false });
    await renderInApp(
      <Routes>
        <Route path="/mine/security" element={<SecurityPage />} />
        <Route path="/mine/sessions" element={<p>sessions screen</p>} />
      </Routes>,
      { client: queryClient, path: '/mine/security' },
    );
    const row = await screen.findByTestId('sessions-link');
    expect(row).toHaveTextContent('Signed-in devices');
    expect(row).toHaveTextContent('Where you are signed in; sign others out');
    await userEvent.click(within(row).getByText('Signed-in devices'));
    expect(await screen.findByText('sessions screen')).toBeInTheDocument();
  });
});
