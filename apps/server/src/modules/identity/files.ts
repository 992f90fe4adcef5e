import { API, admin } from '@kabuto/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { DomainError } from '../../errors';
import { route } from '../../http/route';
import type { FileService } from '../../storage/files';
import { audit } from '../admin/port';
import { adminCall, refuseAdmin } from '../backoffice/port';

/**
 * SPEC §6.6 "never publicly reachable": an uploaded image is served only to its owner (investor
 * session) and to reviewers (operator token); every operator view is audited (§0.6).
 */
export function fileRoutes(app: FastifyInstance, ctx: AppContext & { files: FileService }): void {
  route(app, ctx, API.fileCall, async ({ user, body }) => {
    const found = await ctx.files.read(ctx.db, body.id);
    // Someone else's file answers exactly like a missing one.
    if (!found || found.file.owner_user_id !== user.id) throw new DomainError('not_found', { field: 'id' });
    return {
      data: {
        id: found.file.id,
        mime: found.file.mime,
        dataUrl: `data:${found.file.mime};base64,${found.data.toString('base64')}`,
      },
    };
  });

  adminCall(app, admin.reviews.file, async ({ params, operator, reply }) => {
    const found = await ctx.files.read(ctx.db, params.id);
    if (!found) return refuseAdmin(404, 'not_found');
    await audit(
      ctx.db,
      {
        operatorId: operator.id,
        action: 'file_view',
        targetType: 'file',
        targetId: found.file.id,
        reason: null,
        details: { purpose: found.file.purpose, owner: found.file.owner_user_id },
      },
      ctx.clock.now(),
    );
    return reply
      .header('content-type', found.file.mime)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', `inline; filename="file-${found.file.id}"`)
      .send(found.data);
  });
}
