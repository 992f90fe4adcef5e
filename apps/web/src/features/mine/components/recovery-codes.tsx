import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { toastText } from '../../../shared/ui/toast';

const DOWNLOAD_NAME = 'kabuto-recovery-codes.txt';

/**
 * Ten one-time recovery codes, shown this once (SPEC §13.1: stored hashed), with copy and
 * download; the investor closes them when saved.
 */
export function RecoveryCodes({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const { t } = useTranslation('mine');
  const text = codes.join('\n');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toastText(t('security.recovery.copied'));
    } catch {
      // No clipboard (an insecure page, a refused permission): the codes stay on screen to copy by hand.
    }
  };

  const download = () => {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = DOWNLOAD_NAME;
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <section className="kb-card kb-recovery-codes" data-testid="recovery-codes">
      <h2 className="kb-security__heading">{t('security.recovery.title')}</h2>
      <p className="kb-security__note">{t('security.recovery.shownOnce')}</p>
      <ol className="kb-recovery-codes__list">
        {codes.map((code) => (
          <li key={code} className="kb-num">
            {code}
          </li>
        ))}
      </ol>
      <div className="kb-security__actions">
        <Button size="small" onClick={() => void copy()}>
          {t('security.recovery.copy')}
        </Button>
        <Button size="small" onClick={download}>
          {t('security.recovery.download')}
        </Button>
      </div>
      <Button block color="primary" size="large" onClick={onDone}>
        {t('security.recovery.done')}
      </Button>
    </section>
  );
}
