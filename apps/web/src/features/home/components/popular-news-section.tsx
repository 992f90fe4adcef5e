import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatWhen } from '../../../shared/format/time';
import { useLanguage } from '../../../shared/i18n/setup';
import { PATHS } from '../../../shared/routing/paths';
import { EmptyState } from '../../../shared/ui/empty-state';
import { LoadError } from '../../../shared/ui/load-error';
import { Section } from '../../../shared/ui/section';
import { ListSkeleton } from '../../../shared/ui/skeletons';
import { usePopularNews } from '../api/home';
import { newsPath } from '../lib/paths';

/** Popular news (SPEC §2 home, §6.6): the most read articles, samples labelled as such. */
export function PopularNewsSection() {
  const { t } = useTranslation('home');
  const language = useLanguage();
  const navigate = useNavigate();
  const news = usePopularNews();
  const list = news.data?.list ?? [];
  return (
    <Section id="home-news" title={t('sections.popularNews')} moreTo={PATHS.news}>
      {news.isPending ? (
        <ListSkeleton rows={3} />
      ) : news.isError ? (
        <LoadError errorKey={news.error.key} onRetry={() => news.refetch()} />
      ) : list.length === 0 ? (
        <EmptyState description={t('sections.noNews')} />
      ) : (
        <ul className="kb-home-news" data-testid="home-news">
          {list.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                className="kb-home-news__item"
                onClick={() => navigate(newsPath(item.id))}
              >
                <span className="kb-home-news__title">{item.title}</span>
                <span className="kb-home-news__meta">
                  {item.sample && (
                    <Tag className="kb-home-news__sample" fill="outline">
                      {t('news.sample')}
                    </Tag>
                  )}
                  <span className="kb-num">{formatWhen(item.publishedAt, language, 'reader')}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
