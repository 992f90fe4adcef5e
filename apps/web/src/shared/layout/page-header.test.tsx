import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../test/render';
import { PageHeader } from './page-header';

describe('page header', () => {
  it("names the back button in the reader's language", async () => {
    await renderInApp(<PageHeader title="Deposit" />, { language: 'jp' });
    expect(screen.getByRole('button', { name: '戻る' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Deposit' })).toBeInTheDocument();
  });

  it('takes a deep-linked reader to the fallback screen', async () => {
    await renderInApp(
      <Routes>
        <Route path="/mine/deposit" element={<PageHeader title="Deposit" backTo="/home/home" />} />
        <Route path="/home/home" element={<p>home screen</p>} />
      </Routes>,
      { path: '/mine/deposit' },
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByText('home screen')).toBeInTheDocument();
  });

  it('has no back button when the variant hides it', async () => {
    await renderInApp(<PageHeader title="Home" variant="hide" />);
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });
});
