/**
 * What the messages module offers other modules: sending a user a message inside the caller's
 * transaction (`messages`), the parts messages are made of, and the review outcome message.
 */
export {
  type I18nText,
  MESSAGE_KINDS,
  type MessageContent,
  type MessageKind,
  messages,
  moneyParam,
  type OutgoingMessage,
  pickLanguage,
  reasonText,
  reviewOutcome,
} from './service';
