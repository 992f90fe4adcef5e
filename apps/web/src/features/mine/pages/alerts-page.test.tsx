import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { answerApi, signedIn } from '../../../test/api';
import { anAlert } from '../../../test/fixtures';
import { renderInApp } from '../../../test/render';
import AlertsPage from './alerts-page';

// antd-mobile's empty picture takes React through a path the test's React aliases miss.
vi.mock('../../../shared/ui/empty-state', () => ({
  EmptyState: ({ title, description }: { title?: string; description?: ReactNode }) => (
    <div className="kb-empty">
      <p>{title}</p>
      <p>{description}</p>
    </div>
  ),
}));

describe('price alerts list', () => {
  it('shows each alert with its stock, condition, repeat and whether it watches or fired', async () => {
    signedIn();
    answerApi({
      '/user/alertList': {
        list: [
          anAlert(),
          anAlert({
            id: 8,
            code: 'AAPL',
            name: 'Apple',
            kind: 'rise',
            value: '4',
            repeat: 'once',
            active: false,
            firedAt: '2026-11-21T01:30:00.000Z',
            firedPrice: '231.40',
          }),
        ],
        limit: 50,
      },
    });
    await renderInApp(<AlertsPage />);

    const [toyota, apple] = await screen.findAllByTestId('alert-item');
    expect(toyota).toHaveTextContent('Toyota Motor');
    expect(toyota).toHaveTextContent('7203');
    expect(toyota).toHaveTextContent('Price ≥ 3,100');
    expect(toyota).toHaveTextContent('Once');
    expect(toyota).toHaveTextContent('Watching');
    expect(apple).toHaveTextContent('Day change ≥ +4%');
    expect(apple).toHaveTextContent(/Fired 11\/21\/2026, 01:30 .* at 231\.40/);
    expect(screen.getByText('2 of 50')).toBeInTheDocument();
  });

  it('says there are none, and where to add one', async () => {
    signedIn();
    answerApi({ '/user/alertList': { list: [], limit: 50 } });
    await renderInApp(<AlertsPage />);
    expect(await screen.findByText('No price alerts yet')).toBeInTheDocument();
    expect(screen.getByText('Tap “Alert” on a stock’s page to add one')).toBeInTheDocument();
  });

  it('removes an alert after asking', async () => {
    signedIn();
    let list = [anAlert()];
    const sent = answerApi({
      '/user/alertList': () => ({ list, limit: 50 }),
      '/user/alertDelete': () => {
        list = [];
        return {};
      },
    });
    await renderInApp(<AlertsPage />);
    // The dialog's buttons take pointer events once its opening animation has run.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const item = await screen.findByTestId('alert-item');
    await user.click(within(item).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Remove this price alert?')).toBeInTheDocument();
    const buttons = screen.getAllByRole('button', { name: 'Remove' });
    await user.click(buttons[buttons.length - 1] as HTMLElement);
    await waitFor(() =>
      expect(sent.find((call) => call.path === '/user/alertDelete')?.body).toMatchObject({ id: 7 }),
    );
    expect(await screen.findByText('No price alerts yet')).toBeInTheDocument();
  });

  it('edits an alert in the sheet, starting from its own condition', async () => {
    signedIn();
    const sent = answerApi({
      '/user/alertList': { list: [anAlert({ kind: 'below', value: '2800', repeat: 'daily' })], limit: 50 },
      '/user/alertEdit': (body: Record<string, unknown>) =>
        anAlert({ kind: 'below', value: String(body.value), repeat: 'daily' }),
    });
    await renderInApp(<AlertsPage />);
    const item = await screen.findByTestId('alert-item');
    await userEvent.click(within(item).getByRole('button', { name: 'Edit' }));
    const sheet = await screen.findByTestId('alert-sheet');
    const value = within(sheet).getByRole('textbox');
    expect(value).toHaveValue('2800');
    await userEvent.clear(value);
    await userEvent.type(value, '2750');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(sent.find((call) => call.path === '/user/alertEdit')?.body).toMatchObject({
        id: 7,
        kind: 'below',
        value: '2750',
        repeat: 'daily',
      }),
    );
  });
});
