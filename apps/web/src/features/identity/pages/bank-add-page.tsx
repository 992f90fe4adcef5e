import { Form, Input, Selector } from 'antd-mobile';
import { UserContactOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CardForm, useCardForm } from '../../../shared/forms/card-form';
import { translateErrorKey } from '../../../shared/i18n/setup';
import { Page } from '../../../shared/layout/page';
import { PageHeader } from '../../../shared/layout/page-header';
import { PATHS } from '../../../shared/routing/paths';
import { LoadError } from '../../../shared/ui/load-error';
import { Prompt } from '../../../shared/ui/prompt';
import { PageSkeleton } from '../../../shared/ui/skeletons';
import { toastSuccess } from '../../../shared/ui/toast';
import { useBankAdd, useVerifyInfo } from '../api/identity';
import {
  BANK_FIELD_MAX,
  CARD_TYPES,
  type CardType,
  cardNumberProblem,
  groupCardNumber,
  normalizeCardNumber,
} from '../lib/card';
import { sameName } from '../lib/kyc';
import '../identity.css';

interface BankForm {
  holder: string;
  card_number: string;
  card_type: CardType[];
  institution: string;
  branch: string;
  branch_code: string;
}

function BankForm({ verifiedName }: { verifiedName: string }) {
  const { t } = useTranslation('identity');
  const navigate = useNavigate();
  const { form, attempt } = useCardForm<BankForm>(
    ['holder', 'card_number', 'card_type', 'institution', 'branch', 'branch_code'],
    {
      message: (error) =>
        error.field === 'holder' && error.key === 'bad_request' ? t('add.holderMismatch') : undefined,
    },
  );
  const add = useBankAdd();

  const submit = async (values: BankForm) => {
    await attempt(async () => {
      await add.mutateAsync({
        holder: values.holder.trim(),
        card_number: normalizeCardNumber(values.card_number),
        card_type: values.card_type[0] ?? 'savings',
        institution: values.institution.trim(),
        branch: values.branch.trim(),
        branch_code: values.branch_code.trim(),
      });
      toastSuccess('add');
      navigate(PATHS.bank, { replace: true });
    });
  };

  const required = (message: string, max: number) => [
    { required: true, whitespace: true, message },
    { max, message: t('add.tooLong', { max }) },
  ];

  return (
    <CardForm
      form={form}
      className="kb-identity-form"
      initialValues={{
        holder: verifiedName,
        card_number: '',
        card_type: ['savings'],
        institution: '',
        branch: '',
        branch_code: '',
      }}
      onFinish={submit}
      submit={{ label: t('add.submit'), testId: 'bank-submit', loading: add.isPending }}
    >
      <Form.Header>{t('add.intro')}</Form.Header>
      <Form.Item
        name="holder"
        label={t('add.holder')}
        rules={[
          {
            validator: async (_, value: string | undefined) => {
              if (!value?.trim()) throw new Error(t('add.holderRequired'));
              if (!sameName(value, verifiedName)) throw new Error(t('add.holderMismatch'));
            },
          },
        ]}
      >
        <Input autoComplete="name" clearable data-testid="bank-holder" />
      </Form.Item>
      <Form.Item
        name="card_number"
        label={t('add.cardNumber')}
        normalize={(value: string) => groupCardNumber(value ?? '')}
        rules={[
          {
            validator: async (_, value: string | undefined) => {
              const problem = cardNumberProblem(value);
              if (problem === 'required') throw new Error(t('add.cardRequired'));
              if (problem === 'digits') throw new Error(t('add.cardDigits'));
              if (problem === 'length') throw new Error(t('add.cardLength'));
            },
          },
        ]}
      >
        <Input
          inputMode="numeric"
          autoComplete="off"
          placeholder={t('add.cardPlaceholder')}
          clearable
          data-testid="bank-card-number-input"
        />
      </Form.Item>
      <Form.Item
        name="card_type"
        label={t('add.cardType')}
        rules={[{ required: true, type: 'array', min: 1, message: t('add.cardTypeRequired') }]}
      >
        <Selector<CardType>
          className="kb-card-type"
          columns={3}
          options={CARD_TYPES.map((type) => ({ label: t(`cardType.${type}`), value: type }))}
        />
      </Form.Item>
      <Form.Item
        name="institution"
        label={t('add.institution')}
        rules={required(t('add.institutionRequired'), BANK_FIELD_MAX.institution)}
      >
        <Input placeholder={t('add.institutionPlaceholder')} clearable data-testid="bank-institution" />
      </Form.Item>
      <Form.Item
        name="branch"
        label={t('add.branch')}
        rules={required(t('add.branchRequired'), BANK_FIELD_MAX.branch)}
      >
        <Input placeholder={t('add.branchPlaceholder')} clearable data-testid="bank-branch" />
      </Form.Item>
      <Form.Item
        name="branch_code"
        label={t('add.branchCode')}
        rules={required(t('add.branchCodeRequired'), BANK_FIELD_MAX.branch_code)}
      >
        <Input placeholder={t('add.branchCodePlaceholder')} clearable data-testid="bank-branch-code" />
      </Form.Item>
    </CardForm>
  );
}

/**
 * /mine/bankAdd (SPEC §2, §4 Bank card, §6.6): the holder must be the verified name, so the form
 * starts with it; without a verified identity the screen leads to /mine/verified (kyc_required).
 */
export default function BankAddPage() {
  const { t } = useTranslation('identity');
  const info = useVerifyInfo();

  let body: ReactNode;
  if (info.isPending) body = <PageSkeleton />;
  else if (info.isError) body = <LoadError errorKey={info.error.key} onRetry={() => info.refetch()} />;
  else if (info.data.state !== 'verified' || !info.data.name)
    body = (
      <Prompt
        testId="kyc-required"
        icon={<UserContactOutline />}
        title={translateErrorKey(info.data.state === 'pending' ? 'kyc_pending' : 'kyc_required')}
        description={info.data.state === 'pending' ? t('add.kycPendingText') : t('add.kycText')}
        action={info.data.state === 'pending' ? t('add.kycPendingAction') : t('add.kycAction')}
        to={PATHS.verified}
      />
    );
  else body = <BankForm verifiedName={info.data.name} />;

  return <Page header={<PageHeader title={t('add.title')} backTo={PATHS.bank} />}>{body}</Page>;
}
