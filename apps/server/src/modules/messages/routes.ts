import { API } from '@kabuto/contract';
import { DomainError } from '../../errors';
import { route } from '../../http/route';
import { defineModule } from '../../module';
import { messages, pickLanguage } from './service';

/** Site messages (SPEC §6.6): other modules send through `messages.send` inside their own transactions. */
export const messagesModule = defineModule({ name: 'messages', dependencies: [] }, (app, ctx) => {
  route(app, ctx, API.messageListCall, async ({ body, user, req }) => ({
    data: await messages.list(
      ctx.db,
      user.id,
      pickLanguage(req.headers.language, user.language),
      body.page,
      body.size,
    ),
  }));
  route(app, ctx, API.messageInfoCall, async ({ body, user, req }) => {
    const message = await messages.open(
      ctx.db,
      user.id,
      body.id,
      pickLanguage(req.headers.language, user.language),
      ctx.clock.now(),
    );
    if (!message) throw new DomainError('not_found', { field: 'id' });
    return { msg: 'read', data: message };
  });
  route(app, ctx, API.unreadCountCall, async ({ user }) => ({
    data: { count: await messages.unreadCount(ctx.db, user.id) },
  }));
});
