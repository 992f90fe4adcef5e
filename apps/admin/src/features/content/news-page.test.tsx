import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage, stubBackOffice } from '../../test/back-office';
import { type NewsItem, NewsPage } from './news-page';

const text = (s: string) => ({ cn: `${s}（中文）`, us: `${s} (English)`, jp: `${s}（日本語）` });

const SAMPLE: NewsItem = {
  id: 1,
  title: text('Sample'),
  summary: text('Summary'),
  body: text('Body'),
  source: 'Kabuto (sample)',
  sourceNames: { cn: 'Kabuto（示例）', us: 'Kabuto (sample)', jp: 'Kabuto（サンプル）' },
  sample: true,
  codes: [],
  views: 3,
  publishedAt: '2026-11-27T01:00:00.000Z',
  unpublishedAt: null,
};

function backOffice(refuse?: { status: number; body: unknown }) {
  const items = [{ ...SAMPLE }];
  const sent = stubBackOffice(({ method, path, body }) => {
    if (method === 'GET' && path.startsWith('/news?'))
      return { status: 200, body: { list: items, total: items.length, page: 1, size: 10 } };
    if (method === 'POST' && path === '/news') return { status: 200, body: { id: 2 } };
    if (method === 'POST' && refuse && path.startsWith('/news/1')) return refuse;
    if (method === 'POST' && path === '/news/1/unpublish') {
      items[0]!.unpublishedAt = '2026-11-27T02:00:00.000Z';
      return { status: 200, body: items[0] };
    }
    if (method === 'POST' && path === '/news/1') {
      Object.assign(items[0]!, body);
      return { status: 200, body: items[0] };
    }
    return undefined;
  });
  return sent;
}

const row = async (title: string) => (await screen.findByText(title)).closest('tr')!;

describe('news page', () => {
  it('shows the source in the operator’s language and publishes with a source in each language', async () => {
    const sent = backOffice();
    const user = userEvent.setup();
    renderPage(<NewsPage />);
    expect(await row('Sample (English)')).toHaveTextContent('Kabuto (sample)');
    const form = screen.getByTestId('news-form');
    for (const language of ['cn', 'us', 'jp'] as const) {
      for (const field of ['title', 'summary', 'body'])
        fireEvent.change(within(form).getByTestId(`${field}-${language}`), {
          target: { value: `${field} ${language}` },
        });
      // The house source is there to begin with, in every language.
      expect(within(form).getByTestId(`sourceNames-${language}`)).toHaveValue('Kabuto');
    }
    fireEvent.change(within(form).getByTestId('sourceNames-jp'), { target: { value: '東京通信' } });
    await user.click(screen.getByTestId('news-submit'));
    await waitFor(() => expect(sent.some((c) => c.path === '/news' && c.method === 'POST')).toBe(true));
    expect(sent.find((c) => c.path === '/news' && c.method === 'POST')!.body).toMatchObject({
      title: { cn: 'title cn', us: 'title us', jp: 'title jp' },
      sourceNames: { cn: 'Kabuto', us: 'Kabuto', jp: '東京通信' },
    });
  });

  it('a missing language opens its tab, with the error under the field', async () => {
    const sent = backOffice();
    const user = userEvent.setup();
    renderPage(<NewsPage />);
    await row('Sample (English)');
    const form = screen.getByTestId('news-form');
    for (const field of ['title', 'summary', 'body'])
      fireEvent.change(within(form).getByTestId(`${field}-us`), { target: { value: field } });
    await user.click(screen.getByTestId('news-submit'));
    await waitFor(() =>
      expect(within(form).getByRole('tab', { selected: true })).toHaveTextContent('简体中文'),
    );
    expect(await within(form).findAllByText('Required in 简体中文')).not.toHaveLength(0);
    expect(sent.some((c) => c.method === 'POST')).toBe(false);
  });

  it('changes an article with a reason, starting from its texts', async () => {
    const sent = backOffice();
    const user = userEvent.setup();
    renderPage(<NewsPage />);
    await user.click(within(await row('Sample (English)')).getByTestId('news-edit-1'));
    const dialog = within(await screen.findByTestId('news-edit-form'));
    expect(dialog.getByTestId('title-jp')).toHaveValue('Sample（日本語）');
    expect(dialog.getByTestId('sourceNames-cn')).toHaveValue('Kabuto（示例）');
    fireEvent.change(dialog.getByTestId('title-us'), { target: { value: 'Corrected (English)' } });
    await user.click(screen.getByTestId('news-edit-ok'));
    expect(await dialog.findByText('Please give a reason')).toBeInTheDocument();
    expect(sent.some((c) => c.method === 'POST')).toBe(false);
    await user.type(dialog.getByTestId('news-edit-reason'), 'typo');
    await user.click(screen.getByTestId('news-edit-ok'));
    await waitFor(() => expect(sent.some((c) => c.path === '/news/1')).toBe(true));
    expect(sent.find((c) => c.path === '/news/1')!.body).toMatchObject({
      title: { us: 'Corrected (English)', jp: 'Sample（日本語）' },
      reason: 'typo',
    });
    expect(await screen.findByText('Article changed')).toBeInTheDocument();
  });

  it('unpublishes an article with a reason; then it is marked and offers no more actions', async () => {
    const sent = backOffice();
    const user = userEvent.setup();
    renderPage(<NewsPage />);
    await user.click(within(await row('Sample (English)')).getByTestId('news-unpublish-1'));
    await user.click(await screen.findByTestId('reason-ok'));
    expect(await screen.findByText('Please give a reason')).toBeInTheDocument();
    await user.type(screen.getByTestId('reason-input'), 'source withdrew it');
    await user.click(screen.getByTestId('reason-ok'));
    await waitFor(() =>
      expect(sent.find((c) => c.path === '/news/1/unpublish')?.body).toEqual({
        reason: 'source withdrew it',
      }),
    );
    await waitFor(() => expect(screen.queryByTestId('news-unpublish-1')).toBeNull());
    expect(await row('Sample (English)')).toHaveTextContent('Unpublished');
  });

  it('names the refusal when the article was unpublished meanwhile', async () => {
    backOffice({ status: 409, body: { error: 'news_unpublished', field: 'id' } });
    const user = userEvent.setup();
    renderPage(<NewsPage />);
    await user.click(within(await row('Sample (English)')).getByTestId('news-edit-1'));
    const dialog = within(await screen.findByTestId('news-edit-form'));
    await user.type(dialog.getByTestId('news-edit-reason'), 'late');
    await user.click(screen.getByTestId('news-edit-ok'));
    expect(await screen.findByText(/has been unpublished/)).toBeInTheDocument();
  });
});
