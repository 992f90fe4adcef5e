import { z } from 'zod';
import { zId, zPage, zPaged, zSize, zTime } from '../envelope';
import { defineCall, withType } from './define';
import { zNewsItem } from './market';

/** News (SPEC §6.6): answered in the language of the `language` header (fallback jp). */

export const newsListCall = defineCall({
  path: '/news/list',
  summary: 'News, newest first (or most read with sort=popular); sample articles are flagged `sample`',
  auth: false,
  request: () =>
    withType({ page: zPage, size: zSize, sort: z.enum(['latest', 'popular']).default('latest') }),
  response: () => zPaged(zNewsItem),
});

export const newsInfoCall = defineCall({
  path: '/news/info',
  summary: 'One article',
  auth: false,
  request: () => withType({ id: zId }),
  response: () => zNewsItem.unwrap().extend({ body: z.string(), publishedAt: zTime }),
});

export const newsCalls = { newsListCall, newsInfoCall };
