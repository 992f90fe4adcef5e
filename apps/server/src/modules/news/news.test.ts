import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, createTestApp, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    seed: true,
    config: { marketCodes: ['7203'], marketHistoryDays: 10, marketMinuteDays: 0 },
  });
});
afterAll(async () => {
  await t.close();
});

type Item = {
  id: number;
  title: string;
  summary: string;
  sample: boolean;
  views: number;
  publishedAt: string;
  body?: string;
};
type Page = { list: Item[]; page: number; size: number; total: number };

describe('news', () => {
  it("names the sample articles' source in the reader's language", async () => {
    const source = async (language: string) =>
      (await api<{ list: Array<{ source: string }> }>(t.app, '/news/list', {}, { headers: { language } }))
        .data.list[0]?.source;
    expect(await source('cn')).toBe('Kabuto（示例）');
    expect(await source('jp')).toBe('Kabuto（サンプル）');
    expect(await source('us')).toBe('Kabuto (sample)');
  });

  it('ships at least eight sample articles, each labelled as a sample, newest first', async () => {
    const res = await api<Page>(t.app, '/news/list', { page: 1, size: 50 }, { headers: { language: 'us' } });
    expect(res.status).toBe(1);
    expect(res.data.total).toBeGreaterThanOrEqual(8);
    for (const item of res.data.list) {
      expect(item.sample).toBe(true);
      expect(item.title.startsWith('[Sample]')).toBe(true);
    }
    const times = res.data.list.map((i) => i.publishedAt);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('answers in the language of the language header, Japanese by default', async () => {
    const cn = await api<Page>(t.app, '/news/list', {}, { headers: { language: 'cn' } });
    const jp = await api<Page>(t.app, '/news/list', {});
    expect(cn.data.list[0]!.title.startsWith('【示例】')).toBe(true);
    expect(jp.data.list[0]!.title.startsWith('【サンプル】')).toBe(true);
    const other = await api<Page>(t.app, '/news/list', {}, { headers: { language: 'fr' } });
    expect(other.data.list[0]!.title).toBe(jp.data.list[0]!.title);
  });

  it('pages with a capped size', async () => {
    const first = await api<Page>(t.app, '/news/list', { page: 1, size: 3 });
    const second = await api<Page>(t.app, '/news/list', { page: 2, size: 3 });
    expect(first.data.list).toHaveLength(3);
    expect(second.data.list[0]!.id).not.toBe(first.data.list[0]!.id);
    expect(await api(t.app, '/news/list', { size: 1000 })).toMatchObject({
      status: 0,
      msg: 'bad_request',
      data: { field: 'size' },
    });
  });

  it('opens an article with its body, counts the view, and ranks popular news by views', async () => {
    const list = await api<Page>(t.app, '/news/list', { size: 50 });
    const last = list.data.list.at(-1)!;
    const article = await api<Item>(t.app, '/news/info', { id: last.id }, { headers: { language: 'jp' } });
    expect(article.status).toBe(1);
    expect(article.data.body).toContain('サンプル');
    expect(article.data.views).toBe(last.views + 1);
    const popular = await api<Page>(t.app, '/news/list', { sort: 'popular' });
    expect(popular.data.list[0]!.id).toBe(last.id);
  });

  it('refuses an unknown or malformed id', async () => {
    expect(await api(t.app, '/news/info', { id: 999999 })).toMatchObject({
      status: 0,
      msg: 'not_found',
      data: { field: 'id' },
    });
    expect(await api(t.app, '/news/info', { id: 'x' })).toMatchObject({
      status: 0,
      msg: 'bad_request',
      data: { field: 'id' },
    });
  });

  it('puts the latest news in the market overview', async () => {
    const overview = await api<{ news: Item[] }>(
      t.app,
      '/market/overview',
      {},
      { headers: { language: 'us' } },
    );
    expect(overview.data.news.length).toBeGreaterThan(0);
    expect(overview.data.news[0]!.title.startsWith('[Sample]')).toBe(true);
  });
});
