/** A position as the trading screens receive it (the app's shared fixture). */
export { closedPosition, openPosition } from '../../../test/fixtures';
