import { Button, ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { translateErrorKey } from '../i18n/setup';

/** A list or page that could not load: says why and offers a retry instead of a blank screen. */
export function LoadError({ errorKey, onRetry }: { errorKey?: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <ErrorBlock
      className="kb-empty"
      status="default"
      title={t('status.failed')}
      description={errorKey ? translateErrorKey(errorKey) : ''}
    >
      {onRetry && (
        <Button size="small" color="primary" fill="outline" onClick={onRetry}>
          {t('actions.retry')}
        </Button>
      )}
    </ErrorBlock>
  );
}
