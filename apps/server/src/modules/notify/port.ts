/**
 * What the notify module offers: the `notify` port (ports.ts). Other modules keep sending
 * messages through the messages port; the notifier finds them there.
 */
import type { Notifier } from './notifier';

export interface NotifyPort {
  /** The node's notifier (tests step it instead of waiting for its timer). */
  notifier: Notifier;
  /** The VAPID public key browsers subscribe with (base64url). */
  publicKey: string;
}

export type { PushPayload } from './notifier';
