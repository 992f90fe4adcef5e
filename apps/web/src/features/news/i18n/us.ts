import type { messages as cn } from './cn';

/** The `news` namespace in English. */
export const messages: typeof cn = {
  title: 'News',
  articleTitle: 'Article',
  sample: 'Sample',
  sampleNote: 'This is a sample article of the demo, not real news.',
  views: 'Views: {{count}}',
  source: 'Source: {{source}}',
  related: 'Related stocks',
  notFound: 'This article does not exist or was withdrawn',
  noId: 'No article given',
  empty: 'No news yet',
};
