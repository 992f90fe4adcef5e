import type { Shape } from '../../../shared/i18n/shape';
import type { texts as us } from './us';

/** The back office's alerts and notifications overview, in Simplified Chinese. */
export const texts: Shape<typeof us> = {
  notify: {
    alerts: '价格提醒',
    activeAlerts: '生效中的提醒',
    firedToday: '今日触发',
    since: '自 {{time}} 起',
    delivery: '推送',
    pushDevices: '推送设备',
    failingDevices: '推送失败的设备',
    waitingMessages: '待推送消息',
    oldestWaiting: '最长等待',
    none: '无',
    flowing: '消息正常推送中',
    stalled: '有消息已等待超过 {{minutes}} 分钟：请检查通知服务是否在运行',
    updated: '截至 {{time}}',
  },
};
