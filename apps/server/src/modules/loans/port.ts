/** What the loans module offers other modules: its review kind (the review queue's tests decide one). */
export { loanReview } from './service';
