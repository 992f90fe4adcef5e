import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage, stubBackOffice } from '../../test/back-office';
import { MessagesPage } from './messages-page';

const LANGUAGES = ['cn', 'us', 'jp'] as const;

function fillTexts() {
  for (const language of LANGUAGES) {
    fireEvent.change(screen.getByTestId(`title-${language}`), { target: { value: `Title ${language}` } });
    fireEvent.change(screen.getByTestId(`body-${language}`), { target: { value: `Body ${language}` } });
  }
}

const texts = (prefix: string) => ({ cn: `${prefix} cn`, us: `${prefix} us`, jp: `${prefix} jp` });

describe('messages page', () => {
  it('sends a message in the three languages to one account', async () => {
    const sent = stubBackOffice(({ method, path }) =>
      method === 'POST' && path === '/messages' ? { status: 200, body: { sent: 1 } } : undefined,
    );
    const user = userEvent.setup();
    renderPage(<MessagesPage />);
    await user.type(screen.getByTestId('message-account'), ' alice ');
    fillTexts();
    await user.click(screen.getByTestId('message-submit'));
    expect(await screen.findByText('Sent')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/messages',
        body: { to: 'alice', title: texts('Title'), body: texts('Body') },
      },
    ]);
  });

  it('sends to everyone without asking for an account', async () => {
    const sent = stubBackOffice(() => ({ status: 200, body: { sent: 3 } }));
    const user = userEvent.setup();
    renderPage(<MessagesPage />);
    await user.click(screen.getByLabelText('Everyone'));
    expect(screen.queryByTestId('message-account')).not.toBeInTheDocument();
    fillTexts();
    await user.click(screen.getByTestId('message-submit'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toMatchObject({ to: 'all' });
  });

  it('names an unknown account under the account field', async () => {
    stubBackOffice(() => ({ status: 404, body: { error: 'account_missing', field: 'to' } }));
    const user = userEvent.setup();
    renderPage(<MessagesPage />);
    await user.type(screen.getByTestId('message-account'), 'ghost');
    fillTexts();
    await user.click(screen.getByTestId('message-submit'));
    expect(await screen.findByText('No user with this account')).toBeInTheDocument();
  });
});
