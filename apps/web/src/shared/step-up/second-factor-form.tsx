import type { SECOND_FACTOR_METHODS } from '@kabuto/contract';
import { Button, Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/api-core';
import { translateErrorKey } from '../i18n/setup';
import { type CredentialJson, type PasskeyOptions, passkeyAssertion } from './webauthn';
import './step-up.css';

export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];
export type SecondFactorProof = { credential: CredentialJson } | { code: string };

interface Props {
  /** What the investor has, passkey first (as the server orders them). */
  methods: readonly SecondFactorMethod[];
  /** Options for a passkey proof: a fresh challenge each try (step-up), or the sign-in's own. */
  passkeyOptions: () => Promise<PasskeyOptions | null>;
  /** Sends a proof; throws the server's refusal. */
  submit: (proof: SecondFactorProof) => Promise<void>;
}

/**
 * A proof of a second factor (SPEC §13.1), offering what the investor has: a passkey first, then
 * a code from the authenticator app, then a recovery code. Used by the sign-in's second step and
 * by the step-up sheet.
 */
export function SecondFactorForm({ methods, passkeyOptions, submit }: Props) {
  const { t } = useTranslation();
  const hasPasskey = methods.includes('passkey');
  const hasTotp = methods.includes('totp');
  const codeMethods = methods.filter((m): m is 'totp' | 'recovery' => m !== 'passkey');
  const [codeMethod, setCodeMethod] = useState<'totp' | 'recovery'>(hasTotp ? 'totp' : 'recovery');
  const [showCode, setShowCode] = useState(!hasPasskey);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState<'passkey' | 'code' | null>(null);
  const [error, setError] = useState<string | null>(null);

  const failed = (cause: unknown) => {
    if (isApiError(cause)) setError(translateErrorKey(cause.key));
    else setError(t('secondFactor.passkeyCancelled'));
  };

  const provePasskey = async () => {
    setBusy('passkey');
    setError(null);
    try {
      const options = await passkeyOptions();
      if (!options) throw new Error('no passkey options');
      await submit({ credential: await passkeyAssertion(options) });
    } catch (cause) {
      failed(cause);
    } finally {
      setBusy(null);
    }
  };

  const sendCode = async () => {
    const typed = code.trim();
    if (!typed) {
      setError(t('secondFactor.codeRequired'));
      return;
    }
    setBusy('code');
    setError(null);
    try {
      await submit({ code: typed });
    } catch (cause) {
      failed(cause);
      setCode('');
    } finally {
      setBusy(null);
    }
  };

  const other = codeMethod === 'totp' ? 'recovery' : 'totp';
  return (
    <div className="kb-second-factor" data-testid="second-factor">
      {hasPasskey && (
        <Button
          block
          color="primary"
          size="large"
          loading={busy === 'passkey'}
          disabled={busy === 'code'}
          onClick={() => void provePasskey()}
        >
          {t('secondFactor.usePasskey')}
        </Button>
      )}
      {hasPasskey && codeMethods.length > 0 && !showCode && (
        <Button block fill="none" size="small" onClick={() => setShowCode(true)}>
          {t(hasTotp ? 'secondFactor.useTotp' : 'secondFactor.useRecovery')}
        </Button>
      )}
      {showCode && codeMethods.length > 0 && (
        <form
          className="kb-second-factor__code"
          onSubmit={(event) => {
            event.preventDefault();
            void sendCode();
          }}
        >
          <label className="kb-second-factor__label" htmlFor="kb-second-factor-code">
            {t(codeMethod === 'totp' ? 'secondFactor.totpLabel' : 'secondFactor.recoveryLabel')}
          </label>
          <Input
            id="kb-second-factor-code"
            className="kb-second-factor__input"
            value={code}
            onChange={setCode}
            autoComplete="one-time-code"
            inputMode={codeMethod === 'totp' ? 'numeric' : 'text'}
            maxLength={codeMethod === 'totp' ? 6 : 16}
            placeholder={codeMethod === 'totp' ? '123456' : 'XXXXX-XXXXX'}
            clearable
          />
          <Button
            block
            type="submit"
            color={hasPasskey ? 'default' : 'primary'}
            size="large"
            loading={busy === 'code'}
            disabled={busy === 'passkey'}
          >
            {t('secondFactor.confirm')}
          </Button>
          {codeMethods.includes(other) && (
            <Button
              block
              fill="none"
              size="small"
              onClick={() => {
                setCodeMethod(other);
                setCode('');
                setError(null);
              }}
            >
              {t(other === 'totp' ? 'secondFactor.useTotp' : 'secondFactor.useRecovery')}
            </Button>
          )}
        </form>
      )}
      {error && (
        <p className="kb-second-factor__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
