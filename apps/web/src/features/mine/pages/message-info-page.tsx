import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { messageText } from '../../../shared/format/message-text';
import { formatWhen } from '../../../shared/format/time';
import { useLanguage } from '../../../shared/i18n/setup';
import { Page } from '../../../shared/layout/page';
import { PageHeader } from '../../../shared/layout/page-header';
import { PATHS } from '../../../shared/routing/paths';
import { EmptyState } from '../../../shared/ui/empty-state';
import { LoadError } from '../../../shared/ui/load-error';
import { PageSkeleton } from '../../../shared/ui/skeletons';
import { useMessage } from '../api/messages';

/** /mine/messageInfo?id=: one message; opening it marks it read (SPEC §6.6). */
export default function MessageInfoPage() {
  const { t } = useTranslation('mine');
  const language = useLanguage();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const message = useMessage(id);

  let body: ReactNode;
  if (!Number.isSafeInteger(id) || id <= 0) body = <EmptyState />;
  else if (message.isPending) body = <PageSkeleton />;
  else if (message.isError)
    body = <LoadError errorKey={message.error.key} onRetry={() => message.refetch()} />;
  else {
    const text = messageText(message.data, language);
    body = (
      <article className="kb-prose kb-message">
        <h2 className="kb-message__title">{text.title}</h2>
        <p className="kb-message-meta">
          {message.data.broadcast && <span className="kb-message-tag">{t('messages.broadcast')}</span>}
          <span className="kb-num kb-muted">{formatWhen(message.data.createdAt, language, 'reader')}</span>
        </p>
        <div className="kb-message__body">{text.body}</div>
      </article>
    );
  }

  return (
    <Page header={<PageHeader title={t('messages.detailTitle')} backTo={PATHS.messages} />}>{body}</Page>
  );
}
