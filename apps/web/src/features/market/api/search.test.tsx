import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi } from '../../../test/api';
import { toyotaQuote } from '../../../test/fixtures';
import { renderInApp } from '../../../test/render';
import { useSearch } from './market';

const TOYOTA = {
  ...toyotaQuote,
  name: 'トヨタ自動車',
  sectorName: '自動車',
  volume: 1,
  turnover: '1',
  limitUp: null,
  limitDown: null,
};

function Results({ q }: { q: string }) {
  const results = useSearch(q);
  return (
    <ul>
      {results.data?.list.map((quote) => (
        <li key={quote.code}>{quote.name}</li>
      ))}
    </ul>
  );
}

/** The server matches names as stored: only the katakana form finds Toyota. */
function server() {
  return answerApi({
    '/market/search': (body: Record<string, unknown>) => ({ list: body.q === 'トヨタ' ? [TOYOTA] : [] }),
  });
}

describe('search by a Japanese name', () => {
  it('finds トヨタ typed in hiragana', async () => {
    server();
    await renderInApp(<Results q="とよた" />, { language: 'jp' });
    expect(await screen.findByText('トヨタ自動車')).toBeInTheDocument();
  });

  it('finds トヨタ typed in romaji, once', async () => {
    const sent = server();
    await renderInApp(<Results q="toyota" />, { language: 'jp' });
    expect(await screen.findAllByText('トヨタ自動車')).toHaveLength(1);
    expect(sent.map((c) => c.body.q).sort()).toEqual(['toyota', 'トヨタ']);
  });
});
