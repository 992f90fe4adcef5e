import type { Alert } from '@kabuto/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerApi, signedIn } from '../../test/api';
import { anAlert } from '../../test/fixtures';
import { renderInApp } from '../../test/render';
import { AlertSheet } from './alert-sheet';

const sheet = (price = '2950.5') => (
  <AlertSheet code="7203" name="Toyota Motor" price={price} open onClose={() => undefined} />
);

describe('price-alert sheet', () => {
  it('starts from the current price, and from a percentage for a day change', async () => {
    signedIn();
    answerApi({ '/user/alertList': { list: [], limit: 50 } });
    await renderInApp(sheet());

    const value = await screen.findByRole('textbox');
    expect(value).toHaveValue('2950.5');
    expect(await screen.findByText('No price alerts yet')).toBeInTheDocument();

    await userEvent.click(screen.getByText('Day change ≥'));
    expect(screen.getByLabelText('Percent (%)')).toHaveValue('5');
    await userEvent.click(screen.getByText('Price below'));
    expect(screen.getByRole('textbox')).toHaveValue('2950.5');
  });

  it('sends the condition, value and repeat, then lists the new alert', async () => {
    signedIn();
    let list: Alert[] = [];
    const sent = answerApi({
      '/user/alertList': () => ({ list, limit: 50 }),
      '/user/alertAdd': (body: Record<string, unknown>) => {
        const added = anAlert({ id: 9, kind: 'fall', value: String(body.value), repeat: 'daily' });
        list = [added];
        return added;
      },
    });
    await renderInApp(sheet());
    await screen.findByText('No price alerts yet');

    await userEvent.click(screen.getByText('Day change ≤'));
    const value = screen.getByLabelText('Percent (%)');
    await userEvent.clear(value);
    await userEvent.type(value, '3.5');
    await userEvent.click(screen.getByText('Once a day'));
    await userEvent.click(screen.getByTestId('alert-submit'));

    await waitFor(() =>
      expect(sent.find((call) => call.path === '/user/alertAdd')?.body).toMatchObject({
        code: '7203',
        kind: 'fall',
        value: '3.5',
        repeat: 'daily',
      }),
    );
    const item = await screen.findByTestId('alert-item');
    expect(item).toHaveTextContent('Day change ≤ −3.5%');
    expect(item).toHaveTextContent('Once a day');
    expect(item).toHaveTextContent('Watching');
  });

  it('says what is wrong with a value before sending it', async () => {
    signedIn();
    const sent = answerApi({ '/user/alertList': { list: [], limit: 50 } });
    await renderInApp(sheet());
    await userEvent.click(await screen.findByText('Day change ≥'));
    const value = screen.getByLabelText('Percent (%)');
    await userEvent.clear(value);
    await userEvent.type(value, '120');
    await userEvent.click(screen.getByTestId('alert-submit'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a percentage from 0.01 to 100');
    expect(sent.some((call) => call.path === '/user/alertAdd')).toBe(false);
  });

  it('says a refusal by its key: the 50-alert limit', async () => {
    signedIn();
    answerApi({
      '/user/alertList': { list: [], limit: 50 },
      '/user/alertAdd': { refuse: 'alert_limit' },
    });
    await renderInApp(sheet());
    await screen.findByText('No price alerts yet');
    await userEvent.click(screen.getByTestId('alert-submit'));
    expect(await screen.findByTestId('alert-refusal')).toHaveTextContent(
      'You have 50 price alerts, the most allowed; remove one first',
    );
  });

  it('edits one of the stock’s alerts in place', async () => {
    signedIn();
    const sent = answerApi({
      '/user/alertList': { list: [anAlert()], limit: 50 },
      '/user/alertEdit': (body: Record<string, unknown>) => anAlert({ value: String(body.value) }),
    });
    await renderInApp(sheet());
    const item = await screen.findByTestId('alert-item');
    await userEvent.click(within(item).getByRole('button', { name: 'Edit' }));
    const value = screen.getByRole('textbox');
    expect(value).toHaveValue('3100');
    await userEvent.clear(value);
    await userEvent.type(value, '3200');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(sent.find((call) => call.path === '/user/alertEdit')?.body).toMatchObject({
        id: 7,
        kind: 'above',
        value: '3200',
        repeat: 'once',
      }),
    );
  });
});
