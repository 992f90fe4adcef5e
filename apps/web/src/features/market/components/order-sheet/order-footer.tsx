import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../../shared/routing/paths';
import { OrderSentenceText } from './protect-fields';
import type { OrderForm } from './use-order-form';

/**
 * The sheet's sticky foot: the order in words (SPEC §13.2) and what stops the order (short
 * balance, market closed, a refusal) right above the submit button, so the investor reads them
 * whenever the button is pressed, wherever the form is scrolled; and the button itself, disabled
 * while the balance is short or the market closed.
 */
export function OrderFooter({ form, onDone }: { form: OrderForm; onDone: () => void }) {
  const { t } = useTranslation('trading');
  const navigate = useNavigate();
  return (
    <div className="kb-order-sheet__footer">
      <OrderSentenceText form={form} />
      {form.insufficient && (
        <div className="kb-order-notice kb-order-notice--warn" data-testid="order-insufficient" role="status">
          <span>{t('sheet.insufficient')}</span>
          <button
            type="button"
            className="kb-link-button kb-link-button--strong"
            onClick={() => {
              onDone();
              navigate(PATHS.deposit);
            }}
          >
            {t('sheet.deposit')}
          </button>
        </div>
      )}
      {form.closed && <div className="kb-order-notice kb-order-notice--warn">{t('sheet.marketClosed')}</div>}
      {form.generalError && (
        <div className="kb-order-notice kb-order-notice--warn" role="alert">
          {form.generalError}
        </div>
      )}
      <Button
        block
        size="large"
        className={`kb-order-submit kb-order-submit--${form.direction}`}
        data-testid="order-submit"
        disabled={!form.canSubmit}
        loading={form.placing}
        onClick={form.submit}
      >
        {form.direction === 'long' ? t('sheet.submitLong') : t('sheet.submitShort')}
      </Button>
    </div>
  );
}
