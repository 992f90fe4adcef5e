import type { Currency } from '@kabuto/contract';
import { Tag } from 'antd-mobile';
import { BankcardOutline, RightOutline, SendOutline } from 'antd-mobile-icons';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../../../shared/layout/page';
import { PageHeader } from '../../../shared/layout/page-header';
import { PATHS } from '../../../shared/routing/paths';
import { useMarket } from '../../../shared/session/market-store';
import { LoadError } from '../../../shared/ui/load-error';
import { MoneyText } from '../../../shared/ui/money-text';
import { ListSkeleton } from '../../../shared/ui/skeletons';
import { useDepositChannels } from '../api/money';
import { ArrivalNote } from '../components/arrival-note';
import { CurrencySwitch } from '../components/currency-switch';
import { MoneyGate } from '../components/money-gate';
import { DEPOSIT_CURRENCIES, defaultCurrency } from '../lib/currency';
import '../money.css';

const CHANNEL_ICON: Record<'bank' | 'quick', ReactNode> = {
  bank: <BankcardOutline />,
  quick: <SendOutline />,
};

/** /mine/stored (SPEC §2, §6.4): deposit channels with their limits and when money arrives. */
export default function StoredPage() {
  const { t } = useTranslation('money');
  const market = useMarket();
  const navigate = useNavigate();
  const [currency, setCurrency] = useState<Currency>(() => defaultCurrency(market, DEPOSIT_CURRENCIES));
  const channels = useDepositChannels(currency);

  let body: ReactNode;
  if (channels.isPending) body = <ListSkeleton rows={2} />;
  else if (channels.isError)
    body = <LoadError errorKey={channels.error.key} onRetry={() => channels.refetch()} />;
  else
    body = (
      <>
        {!channels.data.open && (
          <p className="kb-banner kb-banner--warning" data-testid="deposit-closed">
            {t('stored.closed')}
          </p>
        )}
        <ul className="kb-channel-list">
          {channels.data.channels.map((channel) => (
            <li key={channel.id}>
              <button
                type="button"
                className="kb-channel"
                data-testid={`channel-${channel.id}`}
                onClick={() => navigate(`/mine/deposit?channel=${channel.id}&currency=${currency}`)}
              >
                <span className={`kb-channel__icon kb-channel__icon--${channel.id}`} aria-hidden="true">
                  {CHANNEL_ICON[channel.id]}
                </span>
                <span className="kb-channel__main">
                  <span className="kb-channel__name">
                    {t(`channel.${channel.id}`)}
                    {channel.id === 'quick' && (
                      <Tag color="primary" fill="outline" className="kb-channel__tag">
                        {t('stored.fast')}
                      </Tag>
                    )}
                  </span>
                  <span className="kb-channel__limit">
                    {t('stored.max')} <MoneyText value={channel.maxAmount} currency={currency} />
                  </span>
                  <span className="kb-channel__limit">
                    {t('stored.min')} <MoneyText value={channel.minAmount} currency={currency} />
                  </span>
                </span>
                <RightOutline className="kb-channel__arrow" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
        <ArrivalNote arrivalHours={channels.data.arrivalHours} latestArrival={channels.data.latestArrival} />
        <p className="kb-form-note">{t('stored.hours')}</p>
      </>
    );

  return (
    <Page
      header={
        <PageHeader
          title={t('stored.title')}
          variant="order"
          to={`${PATHS.fundRecords}?tab=deposits`}
          backTo={PATHS.fundRecords}
        />
      }
    >
      <MoneyGate>
        {() => (
          <>
            <CurrencySwitch value={currency} options={DEPOSIT_CURRENCIES} onChange={setCurrency} />
            {body}
          </>
        )}
      </MoneyGate>
    </Page>
  );
}
