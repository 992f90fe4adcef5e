import type { messages as cn } from './cn';

/** The `news` namespace in Japanese. */
export const messages: typeof cn = {
  title: 'ニュース',
  articleTitle: '記事',
  sample: 'サンプル',
  sampleNote: 'これはデモ環境のサンプル記事で、実際のニュースではありません。',
  views: '{{count}} 回閲覧',
  source: '出典：{{source}}',
  related: '関連銘柄',
  notFound: '記事が見つからないか、公開が終了しました',
  noId: '記事が指定されていません',
  empty: 'ニュースはまだありません',
};
