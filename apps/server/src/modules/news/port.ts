/** What the news module offers other modules: the latest news (the market page) and the table's type. */
export { latestNews, type NewsTable } from './service';
