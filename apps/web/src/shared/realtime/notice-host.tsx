import { messageListCall, unreadCountCall } from '@kabuto/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLanguage } from '../i18n/setup';
import { useSession } from '../session/session-store';
import { msUntilToastFree, showToast, TOAST_MS } from '../ui/toast';
import { quoteStream } from './live-quote';
import type { StreamNotice } from './quote-stream';

/** The notice waiting for its turn: a newer one takes its place (the bell counts them all). */
let queued: Parameters<typeof showToast>[0] | null = null;
let timer: ReturnType<typeof setTimeout> | null = null;

/** Shows the toast once none is on screen, looking again when its turn comes (another may have come meanwhile). */
function showToastWhenFree(props: Parameters<typeof showToast>[0]): void {
  queued = props;
  if (timer) return;
  const attempt = () => {
    timer = null;
    const wait = msUntilToastFree();
    if (wait > 0) {
      timer = setTimeout(attempt, wait);
      return;
    }
    if (queued) showToast(queued);
    queued = null;
  };
  attempt();
}

/** A notice stays up a little longer than a plain toast: it has a title and a sentence to read. */
export const NOTICE_TOAST_MS = TOAST_MS + 1500;

/**
 * Live notifications (SPEC §13.3): binds the app's one socket to the signed-in investor (again
 * after every reconnect and sign-in change, which the stream does on open), sets the bell's count
 * from each notice, and shows a toast for the kinds the investor switched on (`live`).
 */
export function NoticeHost() {
  const client = useQueryClient();
  const token = useSession((s) => s.token);
  const account = useSession((s) => s.account);
  const language = useLanguage();

  useEffect(() => {
    const stream = quoteStream();
    stream.setAuth(token && account ? { token, account, language } : null);
    // Signed out (the host goes) or another investor: the socket no longer speaks for this one.
    return () => stream.setAuth(null);
  }, [token, account, language]);

  useEffect(
    () =>
      quoteStream().onNotice((notice: StreamNotice) => {
        client.setQueriesData<{ count: number }>({ queryKey: [unreadCountCall.path] }, () => ({
          count: notice.unread,
        }));
        if (notice.type !== 'notice') return;
        void client.invalidateQueries({ queryKey: [messageListCall.path] });
        // A notice waits for the toast on screen (the "Order placed" its own fill follows within
        // a second) instead of replacing it.
        if (notice.live)
          showToastWhenFree({
            content: (
              <div className="kb-notice-toast" data-testid="notice-toast">
                <strong>{notice.title}</strong>
                {notice.body && <div>{notice.body}</div>}
              </div>
            ),
            duration: NOTICE_TOAST_MS,
          });
      }),
    [client],
  );
  return null;
}
