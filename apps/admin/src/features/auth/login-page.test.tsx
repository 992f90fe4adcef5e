import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '../../shared/session';
import { renderPage, stubBackOffice } from '../../test/back-office';
import { LoginPage } from './login-page';

afterEach(() => {
  session.set(null);
  window.location.hash = '';
});

async function signIn(username: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Username'), username);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('sign-in page', () => {
  it('signs in with the username and password, keeps the session and opens the dashboard', async () => {
    const sent = stubBackOffice(({ method, path }) =>
      method === 'POST' && path === '/login'
        ? { status: 200, body: { token: 'tok-1', role: 'reviewer' } }
        : undefined,
    );
    renderPage(<LoginPage />);
    expect(screen.getByText('Kabuto Back Office')).toBeInTheDocument();
    await signIn('alice', 'correct horse');
    await waitFor(() =>
      expect(session.get()).toEqual({ token: 'tok-1', role: 'reviewer', username: 'alice' }),
    );
    expect(sent).toEqual([
      { method: 'POST', path: '/login', body: { username: 'alice', password: 'correct horse' } },
    ]);
    expect(window.location.hash).toBe('#/dashboard');
  });

  it('says a refused sign-in in the reader’s language and keeps no session', async () => {
    stubBackOffice(() => ({ status: 401, body: { error: 'login_failed' } }));
    renderPage(<LoginPage />);
    await signIn('alice', 'wrong');
    expect(await screen.findByTestId('login-error')).toHaveTextContent('Wrong username or password');
    expect(session.get()).toBeNull();
  });

  it('asks for the authenticator code when the account has two-step sign-in, and sends it with the password', async () => {
    const sent = stubBackOffice(({ body }) =>
      (body as { code?: string }).code
        ? { status: 200, body: { token: 'tok-2', role: 'admin' } }
        : { status: 401, body: { error: 'totp_required' } },
    );
    renderPage(<LoginPage />);
    const user = await signIn('root', 'secret password');
    const code = await screen.findByLabelText('Code from your authenticator app');
    expect(screen.queryByTestId('login-error')).not.toBeInTheDocument();
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(session.get()?.token).toBe('tok-2'));
    expect(sent[1]?.body).toEqual({ username: 'root', password: 'secret password', code: '123456' });
  });
});
