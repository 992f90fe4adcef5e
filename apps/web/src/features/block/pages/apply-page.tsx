import { LANGUAGE_LOCALE, PRICE_DECIMALS, parseMinor } from '@kabuto/contract';
import { Form, Input, List } from 'antd-mobile';
import { LockOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { formatMoneyWithSymbol } from '../../../shared/format/money';
import { formatPrice } from '../../../shared/format/price';
import { normalizeAmount } from '../../../shared/forms/amount';
import { CardForm, useCardForm } from '../../../shared/forms/card-form';
import { FundPasswordItem } from '../../../shared/forms/fund-form';
import { useQuantityMessage } from '../../../shared/forms/quantity';
import { useLanguage } from '../../../shared/i18n/setup';
import { Page } from '../../../shared/layout/page';
import { PageHeader } from '../../../shared/layout/page-header';
import { PATHS } from '../../../shared/routing/paths';
import { confirmDialog } from '../../../shared/ui/confirm-dialog';
import { LoadError } from '../../../shared/ui/load-error';
import { MoneyText } from '../../../shared/ui/money-text';
import { Prompt } from '../../../shared/ui/prompt';
import { PageSkeleton } from '../../../shared/ui/skeletons';
import { toastDone } from '../../../shared/ui/toast';
import { type BlockProduct, useApplyBlock, useBlockProduct, useBlockUser } from '../api/block';
import { amountOf } from '../lib';
import { BLOCK_PATHS, idParam, withId } from '../paths';
import '../block.css';

interface ApplyForm {
  lots: string;
  fund_password: string;
}

/** Refusals that belong to the lots (the amount of this form) or the fund password; any other is a toast. */
const FIELD_OF: Record<string, keyof ApplyForm> = {
  amount_below_min: 'lots',
  quantity_invalid: 'lots',
  quota_insufficient: 'lots',
  block_closed: 'lots',
  balance_insufficient: 'lots',
  fund_password_wrong: 'fund_password',
  locked_out: 'fund_password',
};

function ApplyFormCard({ product, available }: { product: BlockProduct; available: string }) {
  const { t } = useTranslation('block');
  const { t: tc } = useTranslation('common');
  const language = useLanguage();
  const navigate = useNavigate();
  const apply = useApplyBlock();
  const { form, attempt } = useCardForm<ApplyForm>(['lots', 'fund_password'], { keyFields: FIELD_OF });
  const quantityMessage = useQuantityMessage();
  const lotsText = Form.useWatch('lots', form) ?? '';
  const amount = amountOf(product.price, normalizeAmount(lotsText));
  const price = formatPrice(product.price, PRICE_DECIMALS[product.market], language);
  const money = (value: string) => formatMoneyWithSymbol(value, product.currency, language);
  const number = (n: number) => n.toLocaleString(LANGUAGE_LOCALE[language]);

  const submit = async (values: ApplyForm) => {
    const lots = normalizeAmount(values.lots);
    const confirmed = await confirmDialog({
      title: t('apply.title'),
      content: t('apply.confirm', { lots, price, amount: money(amountOf(product.price, lots) ?? '0') }),
      confirmText: tc('actions.confirm'),
      cancelText: tc('actions.cancel'),
    });
    if (!confirmed) return;
    await attempt(async () => {
      const application = await apply.mutateAsync({
        id: product.id,
        lots,
        fund_password: values.fund_password,
      });
      // The application waits for review: say so, not "Purchased".
      toastDone(t('apply.submitted'));
      navigate(withId(BLOCK_PATHS.application, application.id), { replace: true });
    });
  };

  return (
    <CardForm
      form={form}
      initialValues={{ lots: '', fund_password: '' }}
      onFinish={submit}
      submit={{ label: t('apply.submit'), testId: 'block-submit', loading: apply.isPending }}
      afterSubmit={<p className="kb-block-note">{t('apply.note')}</p>}
    >
      <Form.Item
        name="lots"
        label={t('apply.lots')}
        description={
          <span className="kb-num">
            {t('product.minLots')} {number(product.minLots)} · {t('product.remaining')}{' '}
            {number(product.remainingLots)}
          </span>
        }
        // The shared quantity pattern (SPEC §12): checked as typed and before the confirmation —
        // the minimum, the quota left and whether the available cash pays for it.
        rules={[
          {
            validator: async (_, value: string | undefined) => {
              const text = normalizeAmount(value ?? '');
              if (text === '') throw new Error(t('apply.lotsRequired'));
              if (!/^\d{1,12}$/.test(text) || Number(text) === 0) throw new Error(t('apply.lotsWhole'));
              const message = quantityMessage(Number(text), {
                min: product.minLots,
                max: product.remainingLots,
                lot: 1,
                price: product.price,
                availableMinor: parseMinor(available, product.currency),
                currency: product.currency,
              });
              if (message) throw new Error(message);
            },
          },
        ]}
      >
        <Input
          inputMode="numeric"
          placeholder={t('apply.lotsPlaceholder', { min: number(product.minLots) })}
          clearable
          data-testid="block-lots"
        />
      </Form.Item>
      <Form.Item label={t('apply.amount')}>
        <span className="kb-num" data-testid="block-amount">
          {amount === null ? '—' : money(amount)}
        </span>
      </Form.Item>
      <Form.Item label={t('apply.available')}>
        <MoneyText value={available} currency={product.currency} />
      </Form.Item>
      <FundPasswordItem
        label={t('apply.fundPassword')}
        required={t('apply.fundPasswordRequired')}
        placeholder={t('apply.fundPasswordPlaceholder')}
      />
    </CardForm>
  );
}

/** /home/large2?id= (SPEC §2, §6.5): apply for lots of a product with the fund password. */
export default function ApplyPage() {
  const { t } = useTranslation('block');
  const language = useLanguage();
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  const info = useBlockProduct(id);
  const user = useBlockUser();
  const header = (
    <PageHeader title={t('apply.title')} backTo={id ? withId(BLOCK_PATHS.product, id) : BLOCK_PATHS.stocks} />
  );
  if (id === 0) return <Page header={header}>{<LoadError errorKey="not_found" />}</Page>;
  if (info.isPending || user.isPending) return <Page header={header}>{<PageSkeleton />}</Page>;
  if (info.isError)
    return (
      <Page header={header}>{<LoadError errorKey={info.error.key} onRetry={() => info.refetch()} />}</Page>
    );
  if (user.isError)
    return (
      <Page header={header}>{<LoadError errorKey={user.error.key} onRetry={() => user.refetch()} />}</Page>
    );
  const { product } = info.data;
  const fundPasswordSet = user.data.fundPasswordSet === true;
  const walletValue = user.data[product.currency.toLowerCase()];
  const available = typeof walletValue === 'string' ? walletValue : '0';
  return (
    <Page header={header}>
      <div className="kb-block-body">
        <List className="kb-card" data-testid="block-apply-product">
          <List.Item extra={<span className="kb-num kb-muted">{product.code}</span>}>
            <strong>{product.name}</strong>
          </List.Item>
          <List.Item
            extra={
              <span className="kb-num" data-testid="block-apply-price">
                {formatPrice(product.price, PRICE_DECIMALS[product.market], language)}
              </span>
            }
          >
            {t('product.blockPrice')}
          </List.Item>
        </List>
        {fundPasswordSet ? (
          <ApplyFormCard product={product} available={available} />
        ) : (
          <Prompt
            icon={<LockOutline />}
            title={t('apply.setFundPassword')}
            action={t('apply.setFundPasswordAction')}
            to={PATHS.fundPassword}
            testId="block-fund-password"
          />
        )}
      </div>
    </Page>
  );
}
