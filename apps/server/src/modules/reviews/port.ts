/**
 * What the reviews module offers other modules: the one review queue (the `reviewQueue` port,
 * ports.ts), the hooks a reviewed kind registers, and the decision's fields a kind's hook writes
 * on its own row.
 */
export { type Decision, decided, type ReviewKindHooks, type ReviewQueue, reviewedBy } from './queue';
