import { type Language, nameIn } from '@kabuto/contract';
import { type ColumnType, type Generated, sql } from 'kysely';
import type { Executor } from '../../db/schema';
import type { I18nText } from '../messages/port';

export interface NewsTable {
  id: Generated<number>;
  title: ColumnType<I18nText, string, string>;
  summary: ColumnType<I18nText, string, string>;
  body: ColumnType<I18nText, string, string>;
  source: string;
  /** The source in each language ({cn, us, jp}); null: `source` in every language. */
  source_names: ColumnType<I18nText | null, string | null | undefined, string | null>;
  sample: Generated<boolean>;
  codes: ColumnType<string[], string[] | undefined, string[]>;
  views: Generated<number>;
  published_at: ColumnType<Date, Date | string, Date | string>;
  /** When an operator took it down: investors no longer see it. */
  unpublished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

declare module '../../db/schema' {
  interface Tables {
    news: NewsTable;
  }
}

export interface NewsInput {
  title: I18nText;
  summary: I18nText;
  body: I18nText;
  source: string;
  sourceNames?: I18nText;
  sample: boolean;
  codes: string[];
  publishedAt: Date;
}

type Row = {
  id: number;
  title: I18nText;
  summary: I18nText;
  source: string;
  source_names: I18nText | null;
  sample: boolean;
  codes: string[];
  views: number;
  published_at: Date;
};

function text(value: I18nText, language: Language): string {
  return value[language] || value.jp || value.us || value.cn || '';
}

function itemView(row: Row, language: Language) {
  return {
    id: row.id,
    title: text(row.title, language),
    summary: text(row.summary, language),
    source: nameIn(row.source_names, language, row.source),
    sample: row.sample,
    codes: row.codes,
    views: Number(row.views),
    publishedAt: row.published_at.toISOString(),
  };
}

const listColumns = [
  'id',
  'title',
  'summary',
  'source',
  'source_names',
  'sample',
  'codes',
  'views',
  'published_at',
] as const;

/** News (SPEC §6.6): stored in the three languages, read in one; what was taken down is not shown. */
export async function listNews(
  db: Executor,
  language: Language,
  page: number,
  size: number,
  sort: 'latest' | 'popular' = 'latest',
) {
  const published = db.selectFrom('news').where('unpublished_at', 'is', null);
  const ordered = sort === 'popular' ? published.orderBy('views', 'desc') : published;
  const [rows, total] = await Promise.all([
    ordered
      .select(listColumns)
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    published.select(sql<string>`count(*)::text`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map((r) => itemView(r, language)), page, size, total: Number(total.n) };
}

export async function latestNews(db: Executor, language: Language, limit: number) {
  const rows = await db
    .selectFrom('news')
    .select(listColumns)
    .where('unpublished_at', 'is', null)
    .orderBy('published_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => itemView(r, language));
}

/** One article; reading it counts a view (popular news on home ranks by views). */
export async function openNews(db: Executor, id: number, language: Language) {
  const row = await db
    .updateTable('news')
    .set({ views: sql`views + 1` })
    .where('id', '=', id)
    .where('unpublished_at', 'is', null)
    .returning([...listColumns, 'body'])
    .executeTakeFirst();
  if (!row) return null;
  return { ...itemView(row, language), body: text(row.body, language) };
}

export async function insertNews(db: Executor, items: readonly NewsInput[]): Promise<void> {
  if (items.length === 0) return;
  await db
    .insertInto('news')
    .values(
      items.map((n) => ({
        title: JSON.stringify(n.title),
        summary: JSON.stringify(n.summary),
        body: JSON.stringify(n.body),
        source: n.source,
        source_names: n.sourceNames ? JSON.stringify(n.sourceNames) : null,
        sample: n.sample,
        codes: n.codes,
        published_at: n.publishedAt,
      })),
    )
    .execute();
}

export async function newsCount(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('news')
    .select(sql<string>`count(*)::text`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
