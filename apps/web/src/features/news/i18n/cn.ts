/** The `news` namespace in Simplified Chinese (sets the keys). */
export const messages = {
  title: '资讯',
  articleTitle: '资讯详情',
  sample: '示例',
  sampleNote: '这是演示环境中的示例文章，并非真实新闻。',
  views: '{{count}} 次阅读',
  source: '来源：{{source}}',
  related: '相关股票',
  notFound: '文章不存在或已下线',
  noId: '未指定文章',
  empty: '暂无资讯',
};
