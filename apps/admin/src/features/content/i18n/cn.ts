import type { Shape } from '../../../shared/i18n/shape';
import type { texts as us } from './us';

/** The back office's news and messages, in Simplified Chinese. */
export const texts: Shape<typeof us> = {
  news: {
    publish: '发布资讯',
    title: '标题',
    summary: '摘要',
    body: '正文',
    source: '来源',
    publishButton: '发布',
    published: '已发布',
    publishedAt: '发布时间',
    sample: '示例',
    views: '阅读',
    state: '状态',
    states: { published: '已发布', unpublished: '已撤下' },
    editTitle: '修改资讯',
    changed: '资讯已修改',
    unpublish: '撤下',
    unpublishTitle: '撤下“{{title}}”：投资者将不再看到',
    unpublished: '资讯已撤下',
  },
  messages: {
    to: '发送给',
    oneUser: '单个用户',
    everyone: '全部用户',
    title: '标题',
    body: '内容',
    send: '发送',
    sent: '已发送',
  },
};
