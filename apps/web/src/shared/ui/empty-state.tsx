import { ErrorBlock } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The placeholder every list shows when it has no data (SPEC §2). */
export function EmptyState({
  title,
  description,
  children,
}: {
  title?: string;
  description?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <ErrorBlock
      className="kb-empty"
      status="empty"
      title={title ?? t('status.empty')}
      description={description ?? ''}
    >
      {children}
    </ErrorBlock>
  );
}
