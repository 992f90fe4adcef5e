import type { Shape } from '../../../shared/i18n/shape';
import type { texts as us } from './us';

/** The back office's alerts and notifications overview, in Japanese. */
export const texts: Shape<typeof us> = {
  notify: {
    alerts: '株価アラート',
    activeAlerts: '有効なアラート',
    firedToday: '本日の発動',
    since: '{{time}} 以降',
    delivery: '配信',
    pushDevices: 'プッシュ通知端末',
    failingDevices: '配信に失敗した端末',
    waitingMessages: '配信待ちメッセージ',
    oldestWaiting: '最長待ち時間',
    none: 'なし',
    flowing: 'メッセージは配信されています',
    stalled: '{{minutes}} 分以上配信を待っているメッセージがあります：通知処理が動いているか確認してください',
    updated: '{{time}} 時点',
  },
};
