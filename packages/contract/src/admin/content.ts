import { z } from 'zod';
import type { LANGUAGES } from '../enums';
import { defineAdminCall, zAdminPage, zIdAnswer, zIdParam, zIso, zPageQuery, zReason } from './define';

/** News and messages (SPEC §6.6, §9 operator role). */
export const TITLE_MAX = 200;
export const SUMMARY_MAX = 500;
export const BODY_MAX = 20_000;
export const SOURCE_MAX = 100;

/** Text in the three product languages (SPEC §1), each required. */
const i18nText = (max: number) => {
  const text = z.string().trim().min(1).max(max);
  return z.object({ cn: text, us: text, jp: text }).strict() satisfies z.ZodType<
    Record<(typeof LANGUAGES)[number], string>
  >;
};
/** Text by language as stored. */
const zStoredText = z.object({ cn: z.string(), us: z.string(), jp: z.string() });

/** What an operator writes for an article; the source is given per language or once for all. */
export const zNewsInput = z
  .object({
    title: i18nText(TITLE_MAX),
    summary: i18nText(SUMMARY_MAX),
    body: i18nText(BODY_MAX),
    source: z.string().trim().max(SOURCE_MAX).optional(),
    sourceNames: i18nText(SOURCE_MAX).optional(),
    codes: z
      .array(z.string().regex(/^[A-Za-z0-9.]{1,16}$/))
      .max(10)
      .optional(),
  })
  .strict();
export type NewsInput = z.output<typeof zNewsInput>;

export const zAdminNews = z.object({
  id: z.number().int(),
  title: zStoredText,
  summary: zStoredText,
  body: zStoredText,
  source: z.string(),
  sourceNames: zStoredText.nullable(),
  codes: z.array(z.string()),
  sample: z.boolean(),
  views: z.number(),
  publishedAt: zIso,
  unpublishedAt: zIso.nullable(),
});
export type AdminNewsView = z.infer<typeof zAdminNews>;

export const newsList = defineAdminCall({
  method: 'GET',
  path: '/api/admin/news',
  need: 'list',
  summary: 'News, newest first, in every language, with what was taken down (unpublishedAt)',
  query: () => zPageQuery,
  response: () => zAdminPage(zAdminNews),
});

export const newsPublish = defineAdminCall({
  method: 'POST',
  path: '/api/admin/news',
  need: 'list',
  summary:
    'Publish news {title, summary, body: {cn, us, jp}, sourceNames?: {cn, us, jp} (or source? in every language), codes?}',
  body: () => zNewsInput,
  response: () => zIdAnswer,
});

export const newsEdit = defineAdminCall({
  method: 'POST',
  path: '/api/admin/news/:id',
  need: 'list',
  summary:
    'Edit published news {title, summary, body, sourceNames?, codes?, reason}; refuses news_unpublished once taken down',
  params: () => zIdParam,
  body: () => zNewsInput.extend({ reason: zReason }),
  response: () => zAdminNews,
});

export const newsUnpublish = defineAdminCall({
  method: 'POST',
  path: '/api/admin/news/:id/unpublish',
  need: 'list',
  summary:
    'Take published news down {reason}: investors no longer see it; refuses news_unpublished when already down',
  params: () => zIdParam,
  body: () => z.object({ reason: zReason }).strict(),
  response: () => zAdminNews,
});

export const messageSend = defineAdminCall({
  method: 'POST',
  path: '/api/admin/messages',
  need: 'list',
  summary: 'Send a message {to: account or "all", title, body: {cn, us, jp}}',
  body: () =>
    z
      .object({
        to: z.string().trim().min(1).max(64),
        title: i18nText(TITLE_MAX),
        body: i18nText(BODY_MAX),
      })
      .strict(),
  response: () => zIdAnswer,
});
