import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { formatWhen } from '../../../shared/format/time';
import { useLanguage } from '../../../shared/i18n/setup';
import { Page } from '../../../shared/layout/page';
import { PageHeader } from '../../../shared/layout/page-header';
import { EmptyState } from '../../../shared/ui/empty-state';
import { LoadError } from '../../../shared/ui/load-error';
import { PageSkeleton } from '../../../shared/ui/skeletons';
import { useArticle } from '../api/news';
import { SampleTag } from '../components/sample-tag';
import '../news.css';

/** /news/info?id= (SPEC §2): one article, in the reader's language (the server answers in it). */
export default function ArticlePage() {
  const { t } = useTranslation('news');
  const language = useLanguage();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const article = useArticle(id);

  let body: ReactNode;
  if (!Number.isSafeInteger(id) || id <= 0) body = <EmptyState title={t('noId')} />;
  else if (article.isPending) body = <PageSkeleton />;
  else if (article.isError)
    body =
      article.error.key === 'not_found' ? (
        <EmptyState title={t('notFound')} />
      ) : (
        <LoadError errorKey={article.error.key} onRetry={() => article.refetch()} />
      );
  else {
    const a = article.data;
    body = (
      <article className="kb-news-article" data-testid="news-article">
        <h2 className="kb-news-article__title">{a.title}</h2>
        <p className="kb-news-article__meta">
          {a.sample && <SampleTag />}
          <span>{t('source', { source: a.source })}</span>
          <span className="kb-num">{formatWhen(a.publishedAt, language, 'reader')}</span>
          <span className="kb-num">{t('views', { count: a.views })}</span>
        </p>
        {a.sample && <p className="kb-news-article__note">{t('sampleNote')}</p>}
        <div className="kb-news-article__body">{a.body}</div>
        {a.codes.length > 0 && (
          <section className="kb-news-related" aria-labelledby="news-related">
            <h3 id="news-related">{t('related')}</h3>
            <ul>
              {a.codes.map((code) => (
                <li key={code}>
                  <button
                    type="button"
                    className="kb-news-related__code kb-num"
                    onClick={() => navigate(`/quotes/info?code=${encodeURIComponent(code)}`)}
                  >
                    {code}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        )}
      </article>
    );
  }

  return <Page header={<PageHeader title={t('articleTitle')} backTo="/news/index" />}>{body}</Page>;
}
