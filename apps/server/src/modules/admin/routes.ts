import { defineModule } from '../../module';
import { requireOperator } from './auth';

/**
 * The operator guard every back-office call goes through (SPEC §9), offered as the `admin`
 * port; the sign-in call itself is registered by the back office (backoffice/sign-in.ts).
 */
export const adminModule = defineModule({ name: 'admin', dependencies: [] }, (app, ctx) => {
  app.decorate('admin', {
    requireOperator: (req, reply, need) => requireOperator(ctx, req, reply, need),
  });
});
