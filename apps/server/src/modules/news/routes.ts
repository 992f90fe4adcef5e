import { API } from '@kabuto/contract';
import { DomainError } from '../../errors';
import { route } from '../../http/route';
import { defineModule } from '../../module';
import { pickLanguage } from '../messages/port';
import { sampleNews } from './samples';
import { insertNews, listNews, newsCount, openNews } from './service';

/** News (SPEC §6.6): read in the language of the `language` header; the demo ships labelled samples. */
export const newsModule = defineModule({ name: 'news', dependencies: [] }, (app, ctx) => {
  route(app, ctx, API.newsListCall, async ({ body, req, user }) => ({
    data: await listNews(
      ctx.db,
      pickLanguage(req.headers.language, user?.language ?? 'jp'),
      body.page,
      body.size,
      body.sort,
    ),
  }));
  route(app, ctx, API.newsInfoCall, async ({ body, req, user }) => {
    const article = await openNews(
      ctx.db,
      body.id,
      pickLanguage(req.headers.language, user?.language ?? 'jp'),
    );
    if (!article) throw new DomainError('not_found', { field: 'id' });
    return { data: article };
  });
  ctx.lifecycle.seed.push(async () => {
    if ((await newsCount(ctx.db)) > 0) return;
    await insertNews(ctx.db, sampleNews(ctx.clock.now()));
  });
});
