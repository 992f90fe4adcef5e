import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatWhen } from '../../../shared/format/time';
import { useLanguage } from '../../../shared/i18n/setup';
import { Page } from '../../../shared/layout/page';
import { PageHeader } from '../../../shared/layout/page-header';
import { PagedList, pagedItems } from '../../../shared/ui/paged-list';
import { useNewsList } from '../api/news';
import { SampleTag } from '../components/sample-tag';
import '../news.css';

/** /news/index, the News tab (SPEC §2, §6.6): newest first, paged, pull to refresh. */
export default function NewsPage() {
  const { t } = useTranslation('news');
  const language = useLanguage();
  const navigate = useNavigate();
  const news = useNewsList();

  return (
    <Page tab header={<PageHeader title={t('title')} variant="hide" />}>
      <PagedList query={news} items={pagedItems(news.data)} rows={6} emptyText={t('empty')}>
        {(items) => (
          <ul className="kb-news-list" data-testid="news-list">
            {items.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  className="kb-news-item"
                  data-testid="news-item"
                  onClick={() => navigate(`/news/info?id=${item.id}`)}
                >
                  <span className="kb-news-item__title">{item.title}</span>
                  {item.summary && <span className="kb-news-item__summary">{item.summary}</span>}
                  <span className="kb-news-item__meta">
                    {item.sample && <SampleTag />}
                    <span className="kb-news-item__source">{item.source}</span>
                    <span className="kb-num">{formatWhen(item.publishedAt, language, 'reader')}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </Page>
  );
}
