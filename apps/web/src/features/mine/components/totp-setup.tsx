import { Button, Input } from 'antd-mobile';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/api-core';
import { translateErrorKey } from '../../../shared/i18n/setup';
import { useTotpEnable } from '../api/security';

/** The key as an authenticator app's manual entry shows it: groups of four. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/**
 * Turning the authenticator app on (SPEC §13.1): the otpauth URI as a QR code to scan and the key
 * as text, then a first code to confirm. Answers the ten recovery codes.
 */
export function TotpSetup({
  secret,
  uri,
  onEnabled,
  onCancel,
}: {
  secret: string;
  uri: string;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('mine');
  const enable = useTotpEnable();
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void QRCode.toDataURL(uri, { margin: 1, width: 200, errorCorrectionLevel: 'M' }).then(
      (url) => live && setQr(url),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [uri]);

  const submit = async () => {
    if (!/^\d{6}$/.test(code.trim())) {
      setError(t('security.totp.codeRequired'));
      return;
    }
    setError(null);
    try {
      const answer = await enable.mutateAsync({ code: code.trim() });
      onEnabled(answer.codes);
    } catch (cause) {
      setError(translateErrorKey(isApiError(cause) ? cause.key : 'error'));
      setCode('');
    }
  };

  return (
    <div className="kb-totp-setup" data-testid="totp-setup">
      <p className="kb-security__note">{t('security.totp.scan')}</p>
      <div className="kb-totp-setup__qr">
        {qr && <img src={qr} width={200} height={200} alt={t('security.totp.qrAlt')} />}
      </div>
      <div className="kb-totp-setup__secret">
        <span className="kb-muted">{t('security.totp.secretLabel')}</span>
        <code className="kb-num" data-testid="totp-secret">
          {grouped(secret)}
        </code>
      </div>
      <form
        className="kb-totp-setup__form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <label htmlFor="kb-totp-code">{t('security.totp.codeLabel')}</label>
        <Input
          id="kb-totp-code"
          className="kb-second-factor__input"
          value={code}
          onChange={setCode}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="123456"
        />
        {error && (
          <p className="kb-second-factor__error" role="alert">
            {error}
          </p>
        )}
        <div className="kb-security__actions">
          <Button size="middle" onClick={onCancel}>
            {t('security.totp.cancel')}
          </Button>
          <Button type="submit" size="middle" color="primary" loading={enable.isPending}>
            {t('security.totp.enable')}
          </Button>
        </div>
      </form>
    </div>
  );
}
