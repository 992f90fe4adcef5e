import { z } from 'zod';
import { defineAdminCall } from './define';

export const advance = defineAdminCall({
  method: 'POST',
  path: '/api/admin/clock/advance',
  need: 'admin',
  summary:
    "Moves the node's clock forward and runs the jobs now due (only on a node started with KABUTO_CLOCK_TRAVEL=1)",
  body: () =>
    z.object({
      ms: z
        .number()
        .int()
        .min(1)
        .max(31 * 86_400_000),
    }),
  response: () => z.object({ now: z.string(), jobs: z.array(z.string()) }),
});
