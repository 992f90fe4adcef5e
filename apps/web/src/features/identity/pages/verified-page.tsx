import { Checkbox, Form, Input } from 'antd-mobile';
import { LockOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CardForm, useCardForm } from '../../../shared/forms/card-form';
import { translateErrorKey } from '../../../shared/i18n/setup';
import { Page } from '../../../shared/layout/page';
import { PageHeader } from '../../../shared/layout/page-header';
import { PATHS } from '../../../shared/routing/paths';
import { ImagePicker } from '../../../shared/ui/image-picker';
import { LoadError } from '../../../shared/ui/load-error';
import { PageSkeleton } from '../../../shared/ui/skeletons';
import { toastSuccess } from '../../../shared/ui/toast';
import { type KycView, useVerify, useVerifyInfo } from '../api/identity';
import { StatusCard } from '../components/status-card';
import { idNumberProblem, nameProblem, normalizeIdNumber } from '../lib/kyc';
import '../identity.css';

interface VerifyForm {
  name: string;
  id_number: string;
  front: File | null;
  back: File | null;
  agree: boolean;
}

function VerifyFormCard({ kyc, onSubmitted }: { kyc: KycView; onSubmitted: () => void }) {
  const { t } = useTranslation('identity');
  const { form, attempt } = useCardForm<VerifyForm>(['name', 'id_number', 'front', 'back', 'agree'], {
    keyFields: { privacy_required: 'agree' },
  });
  const verify = useVerify();

  const submit = async (values: VerifyForm) => {
    const { front, back } = values;
    if (!front || !back) return;
    const key = (
      await attempt(async () => {
        await verify.mutateAsync({
          name: values.name.normalize('NFKC').replace(/\s+/g, ' ').trim(),
          id_number: normalizeIdNumber(values.id_number),
          front,
          back,
          agree: values.agree,
        });
        toastSuccess('upload');
        onSubmitted();
      })
    )?.key;
    if (key === 'kyc_pending' || key === 'kyc_done') onSubmitted();
  };

  const imageRule = (message: string) => ({
    validator: async (_: unknown, value: File | null) => {
      if (!value) throw new Error(message);
    },
  });

  return (
    <CardForm
      form={form}
      className="kb-identity-form"
      initialValues={{
        name: kyc.state === 'failed' ? (kyc.name ?? '') : '',
        id_number: '',
        front: null,
        back: null,
        agree: false,
      }}
      onFinish={submit}
      submit={{
        label: kyc.state === 'failed' ? t('form.resubmit') : t('form.submit'),
        testId: 'kyc-submit',
        loading: verify.isPending,
      }}
    >
      <Form.Header>{t('form.intro')}</Form.Header>
      <Form.Item
        name="name"
        label={t('form.name')}
        rules={[
          {
            validator: async (_, value: string | undefined) => {
              const problem = nameProblem(value);
              if (problem === 'required') throw new Error(t('form.nameRequired'));
              if (problem === 'long') throw new Error(t('form.nameLong'));
            },
          },
        ]}
      >
        <Input placeholder={t('form.namePlaceholder')} autoComplete="name" clearable data-testid="kyc-name" />
      </Form.Item>
      <Form.Item
        name="id_number"
        label={t('form.idNumber')}
        rules={[
          {
            validator: async (_, value: string | undefined) => {
              const problem = idNumberProblem(value);
              if (problem === 'required') throw new Error(translateErrorKey('id_required'));
              if (problem === 'invalid') throw new Error(t('form.idInvalid'));
            },
          },
        ]}
      >
        <Input placeholder={t('form.idPlaceholder')} autoComplete="off" clearable data-testid="kyc-id" />
      </Form.Item>
      <Form.Item name="front" label={t('form.front')} rules={[imageRule(t('form.frontRequired'))]}>
        <ImagePicker label={t('form.frontHint')} testId="kyc-front" />
      </Form.Item>
      <Form.Item name="back" label={t('form.back')} rules={[imageRule(t('form.backRequired'))]}>
        <ImagePicker label={t('form.backHint')} testId="kyc-back" />
      </Form.Item>
      <div className="kb-privacy-note">
        <LockOutline aria-hidden="true" />
        <p>{t('form.privacyNote')}</p>
      </div>
      <Form.Item
        name="agree"
        valuePropName="checked"
        rules={[
          {
            validator: async (_, value: boolean | undefined) => {
              if (!value) throw new Error(translateErrorKey('privacy_required'));
            },
          },
        ]}
      >
        <Checkbox className="kb-agree" data-testid="kyc-agree">
          {t('form.agree')}{' '}
          <Link to={PATHS.privacy} onClick={(e) => e.stopPropagation()}>
            {t('form.privacyLink')}
          </Link>
        </Checkbox>
      </Form.Item>
    </CardForm>
  );
}

/**
 * /mine/verified (SPEC §2, §5, §6.6): real-name verification — the current state with the
 * reviewer's reason, and the form (name, ID number, both sides of the ID, privacy notice) while
 * unverified or after a failure.
 */
export default function VerifiedPage() {
  const { t } = useTranslation('identity');
  const info = useVerifyInfo();

  let body: ReactNode;
  if (info.isPending) body = <PageSkeleton />;
  else if (info.isError) body = <LoadError errorKey={info.error.key} onRetry={() => info.refetch()} />;
  else
    body = (
      <>
        <StatusCard kyc={info.data} />
        {(info.data.state === 'unverified' || info.data.state === 'failed') && (
          <VerifyFormCard kyc={info.data} onSubmitted={() => void info.refetch()} />
        )}
      </>
    );

  return <Page header={<PageHeader title={t('verified.title')} backTo={PATHS.settings} />}>{body}</Page>;
}
