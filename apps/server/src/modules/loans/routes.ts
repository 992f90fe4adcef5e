import { API } from '@kabuto/contract';
import { route } from '../../http/route';
import { defineModule } from '../../module';
import {
  accrueInterest,
  applyForLoan,
  LOAN_INTEREST_SCHEDULE,
  type LoansContext,
  listLoans,
  loanInfo,
  loanReview,
  repayLoan,
} from './service';

/**
 * Credit loans (SPEC §6.4): apply up to the quota, review on the review queue, daily interest by
 * the jobs runner, whole repayment. Withdrawals stay refused while a loan is unpaid (money).
 */
export const loansModule = defineModule(
  { name: 'loans', dependencies: ['users', 'reviews', 'jobs'] },
  (app, platform) => {
    const ctx: LoansContext = { ...platform, accounts: app.accounts, reviewQueue: app.reviewQueue };
    app.reviewQueue.register(loanReview);
    app.jobs.define({
      name: 'loans.interest',
      schedule: LOAN_INTEREST_SCHEDULE,
      scope: 'cluster',
      run: (slot) => accrueInterest(ctx, slot.dueAt),
    });

    route(app, ctx, API.loanInfoCall, async ({ user }) => ({ data: await loanInfo(ctx, user) }));
    route(
      app,
      ctx,
      API.loanCall,
      async ({ user, body }) => ({ msg: 'loan', data: await applyForLoan(ctx, user, body) }),
      { guard: 'money' },
    );
    route(
      app,
      ctx,
      API.repayCall,
      async ({ user, body }) => ({ msg: 'repay', data: await repayLoan(ctx, user, body) }),
      { guard: 'money' },
    );
    route(app, ctx, API.loanListCall, async ({ user, body }) => ({
      data: await listLoans(ctx, user.id, body.page, body.size),
    }));
  },
);
