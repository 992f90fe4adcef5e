import { Tag } from 'antd-mobile';
import {
  CheckCircleOutline,
  ClockCircleOutline,
  CloseCircleOutline,
  UserContactOutline,
} from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatWhen } from '../../../shared/format/time';
import { useLanguage } from '../../../shared/i18n/setup';
import { type KycView, useOwnImage } from '../api/identity';

const STATE_ICON: Record<KycView['state'], ReactNode> = {
  unverified: <UserContactOutline />,
  pending: <ClockCircleOutline />,
  verified: <CheckCircleOutline />,
  failed: <CloseCircleOutline />,
};

const STATE_TAG = {
  unverified: 'default',
  pending: 'warning',
  verified: 'success',
  failed: 'danger',
} as const;

function Thumb({ id, alt }: { id: number | null; alt: string }) {
  const image = useOwnImage(id);
  if (!id) return null;
  return (
    <figure className="kb-kyc-thumb">
      {image.data ? <img src={image.data.dataUrl} alt={alt} /> : <span className="kb-kyc-thumb__blank" />}
      <figcaption>{alt}</figcaption>
    </figure>
  );
}

/**
 * SPEC §5 real name: unverified → under review → verified | failed. The user sees the state, what
 * was submitted (name, masked ID number, their own images) and the reviewer's reason (SPEC §0.6).
 */
export function StatusCard({ kyc }: { kyc: KycView }) {
  const { t } = useTranslation('identity');
  const language = useLanguage();
  const showDetails = kyc.state !== 'unverified' && kyc.name;
  return (
    <section
      className={`kb-card kb-kyc-status kb-kyc-status--${kyc.state}`}
      data-testid="kyc-status"
      data-state={kyc.state}
    >
      <div className="kb-kyc-status__head">
        <span className="kb-kyc-status__icon" aria-hidden="true">
          {STATE_ICON[kyc.state]}
        </span>
        <div className="kb-kyc-status__text">
          <h2 className="kb-kyc-status__title">
            {t(`state.${kyc.state}.title`)}{' '}
            <Tag color={STATE_TAG[kyc.state]} fill="outline">
              {t(`state.${kyc.state}.tag`)}
            </Tag>
          </h2>
          <p className="kb-kyc-status__desc">{t(`state.${kyc.state}.text`)}</p>
        </div>
      </div>
      {kyc.state === 'failed' && (
        <p className="kb-kyc-status__reason" data-testid="kyc-reason">
          {t('status.reason', { reason: kyc.reason?.trim() || t('status.noReason') })}
        </p>
      )}
      {showDetails && (
        <dl className="kb-kyc-status__facts">
          <div>
            <dt>{t('form.name')}</dt>
            <dd>{kyc.name}</dd>
          </div>
          {kyc.idNumber && (
            <div>
              <dt>{t('form.idNumber')}</dt>
              <dd className="kb-num">{kyc.idNumber}</dd>
            </div>
          )}
          {kyc.submittedAt && (
            <div>
              <dt>{t('status.submitted')}</dt>
              <dd className="kb-num">{formatWhen(kyc.submittedAt, language, 'reader')}</dd>
            </div>
          )}
          {kyc.reviewedAt && (
            <div>
              <dt>{t('status.reviewed')}</dt>
              <dd className="kb-num">{formatWhen(kyc.reviewedAt, language, 'reader')}</dd>
            </div>
          )}
        </dl>
      )}
      {kyc.state === 'pending' && (
        <div className="kb-kyc-thumbs">
          <Thumb id={kyc.frontFileId} alt={t('form.front')} />
          <Thumb id={kyc.backFileId} alt={t('form.back')} />
        </div>
      )}
    </section>
  );
}
