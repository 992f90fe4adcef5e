import type { Shape } from '../../../shared/i18n/shape';
import type { texts as us } from './us';

/** The back office's news and messages, in Japanese. */
export const texts: Shape<typeof us> = {
  news: {
    publish: 'ニュースを配信',
    title: 'タイトル',
    summary: '要約',
    body: '本文',
    source: '配信元',
    publishButton: '配信',
    published: '配信しました',
    publishedAt: '配信日時',
    sample: 'サンプル',
    views: '閲覧数',
    state: '状態',
    states: { published: '公開中', unpublished: '非公開' },
    editTitle: 'ニュースを変更',
    changed: 'ニュースを変更しました',
    unpublish: '非公開にする',
    unpublishTitle: '「{{title}}」を非公開にする：投資家には表示されなくなります',
    unpublished: 'ニュースを非公開にしました',
  },
  messages: {
    to: '宛先',
    oneUser: '特定のユーザー',
    everyone: '全ユーザー',
    title: '件名',
    body: '本文',
    send: '送信',
    sent: '送信しました',
  },
};
