import { stepUpCall, stepUpOptionsCall } from '@kabuto/contract';
import { Popup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/api-core';
import { callApi } from '../api/client';
import { translateErrorKey } from '../i18n/setup';
import { ListSkeleton } from '../ui/skeletons';
import { SecondFactorForm, type SecondFactorMethod } from './second-factor-form';
import { finishStepUp, sheetMounted, useStepUp } from './step-up-store';
import type { PasskeyOptions } from './webauthn';

/**
 * The one step-up sheet (SPEC §13.1): opened when the server answers `step_up_required` to a
 * withdrawal, a bank card change, a password change, a factor's removal or new recovery codes.
 * It offers what the investor has (passkey first); a proof holds 5 minutes, and the refused call
 * is then sent again by the API client.
 */
export function StepUpSheet() {
  const { t } = useTranslation();
  const open = useStepUp((s) => s.open);
  useEffect(() => sheetMounted(), []);
  return (
    <Popup
      visible={open}
      onMaskClick={() => finishStepUp(false)}
      onClose={() => finishStepUp(false)}
      position="bottom"
      destroyOnClose
      bodyClassName="kb-step-up"
    >
      <div className="kb-step-up__inner" role="dialog" aria-label={t('stepUp.title')} data-testid="step-up">
        <div className="kb-step-up__head">
          <h2 className="kb-step-up__title">{t('stepUp.title')}</h2>
          <button
            type="button"
            className="kb-step-up__close"
            aria-label={t('actions.close')}
            onClick={() => finishStepUp(false)}
          >
            <CloseOutline />
          </button>
        </div>
        <p className="kb-muted kb-step-up__hint">{t('stepUp.hint')}</p>
        {open && <StepUpBody />}
      </div>
    </Popup>
  );
}

type Loaded = { methods: SecondFactorMethod[]; passkey: PasskeyOptions | null };

function StepUpBody() {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // The options loaded with the sheet answer the first passkey try; a retry asks for new ones
  // (a step-up challenge is used once).
  const fresh = useRef<PasskeyOptions | null>(null);

  useEffect(() => {
    let live = true;
    callApi(stepUpOptionsCall, {}, { silent: true }).then(
      (answer) => {
        if (!live) return;
        fresh.current = answer.passkey;
        setLoaded(answer);
      },
      (cause: unknown) => live && setFailure(isApiError(cause) ? cause.key : 'error'),
    );
    return () => {
      live = false;
    };
  }, []);

  if (failure) return <p className="kb-second-factor__error">{translateErrorKey(failure)}</p>;
  if (!loaded) return <ListSkeleton rows={2} />;
  return (
    <SecondFactorForm
      methods={loaded.methods}
      passkeyOptions={async () => {
        const options = fresh.current;
        fresh.current = null;
        return options ?? (await callApi(stepUpOptionsCall, {}, { silent: true })).passkey;
      }}
      submit={async (proof) => {
        await callApi(stepUpCall, proof, { silent: true });
        finishStepUp(true);
      }}
    />
  );
}
