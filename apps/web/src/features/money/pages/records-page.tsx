import { type Currency, DISPLAY_CURRENCIES } from '@kabuto/contract';
import { Button, Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { currencyMarker } from '../../../shared/format/money';
import { useLanguage } from '../../../shared/i18n/setup';
import { Page } from '../../../shared/layout/page';
import { PageHeader } from '../../../shared/layout/page-header';
import { PATHS } from '../../../shared/routing/paths';
import { useAccountSummary } from '../../../shared/session/user';
import { MoneyText } from '../../../shared/ui/money-text';
import { PagedList, pagedItems } from '../../../shared/ui/paged-list';
import { SegmentedControl } from '../../../shared/ui/segmented-control';
import { type FundRecordKind, useFundRecords, useRates } from '../api/money';
import { RecordItem } from '../components/record-item';
import { consolidatedTotal } from '../lib/consolidate';
import { RECORD_TABS, recordTab } from '../lib/fund-records';
import '../money.css';

/**
 * Every wallet (SPEC §1: one per currency) with its available and frozen money, and the total
 * of all of them in the selected market's currency at current mid rates, labelled as such.
 */
export function BalanceCard({ filter }: { filter: Currency | null }) {
  const { t } = useTranslation('money');
  const navigate = useNavigate();
  const summary = useAccountSummary();
  const rates = useRates();
  const language = useLanguage();
  const display = summary.data?.current.currency;
  const wallets = summary.data?.markets ?? [];
  const total = display && rates.data ? consolidatedTotal(wallets, rates.data.list, display) : undefined;
  const shown = filter ? wallets.filter((w) => w.currency === filter) : wallets;
  return (
    <section className="kb-balance" aria-label={t('records.balance')}>
      <div className="kb-balance__total">
        <span className="kb-balance__label">
          {display
            ? t('records.total', { currency: currencyMarker(display, language) })
            : t('records.balance')}
        </span>
        <span className="kb-balance__big" data-testid="records-total">
          {display && total ? <MoneyText value={total} currency={display} /> : '—'}
        </span>
        <span className="kb-balance__note">
          {total === null ? t('records.totalUnknown') : t('records.totalNote')}
        </span>
      </div>
      <table className="kb-wallets" aria-label={t('records.wallets')}>
        <thead>
          <tr>
            <th scope="col">{t('currency.label')}</th>
            <th scope="col">{t('records.available')}</th>
            <th scope="col">{t('records.frozen')}</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((wallet) => (
            <tr key={wallet.currency} data-testid={`wallet-${wallet.currency}`}>
              <th scope="row">
                <span className="kb-wallets__code">{wallet.currency}</span>
                <span className="kb-wallets__name">{t(`currency.${wallet.currency}`)}</span>
              </th>
              <td>
                <MoneyText value={wallet.available} currency={wallet.currency} />
              </td>
              <td>
                <MoneyText value={wallet.frozen} currency={wallet.currency} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="kb-balance__actions">
        <Button size="small" onClick={() => navigate(PATHS.deposit)} data-testid="action-deposit">
          {t('records.deposit')}
        </Button>
        <Button size="small" onClick={() => navigate(PATHS.withdraw)} data-testid="action-withdraw">
          {t('records.withdraw')}
        </Button>
        <Button size="small" onClick={() => navigate(PATHS.exchange)} data-testid="action-exchange">
          {t('records.exchange')}
        </Button>
      </div>
    </section>
  );
}

function RecordList({ kind, filter }: { kind: FundRecordKind; filter: Currency | null }) {
  const { t } = useTranslation('money');
  const records = useFundRecords(kind);
  const items = pagedItems(records.data).filter((record) => !filter || record.currency === filter);

  return (
    <PagedList query={records} items={items} rows={5} emptyText={t(`records.empty.${kind}`)}>
      {(shown) => (
        <ul className="kb-record-list kb-card" data-testid={`records-${kind}`}>
          {shown.map((record) => (
            <RecordItem key={`${record.kind}-${record.id}-${record.currency}`} record={record} />
          ))}
        </ul>
      )}
    </PagedList>
  );
}

/**
 * /mine/transactionRecords, the Funds tab (SPEC §2, §0.2): every wallet and their total, then
 * every movement of money in three tabs — all transactions, deposits, withdrawals — paged, with
 * pull to refresh; a currency filter narrows both to one wallet.
 */
export default function RecordsPage() {
  const { t } = useTranslation('money');
  const [params, setParams] = useSearchParams();
  const tab = recordTab(params.get('tab'));
  const filter = DISPLAY_CURRENCIES.find((c) => c === params.get('currency')) ?? null;
  const setParam = (name: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next, { replace: true });
  };
  return (
    <Page tab header={<PageHeader title={t('records.title')} variant="hide" />}>
      <SegmentedControl<Currency | 'all'>
        className="kb-currency-filter"
        label={t('records.filter')}
        value={filter ?? 'all'}
        options={[
          { value: 'all', label: t('records.all') },
          ...DISPLAY_CURRENCIES.map((c) => ({ value: c, label: c })),
        ]}
        onChange={(value) => setParam('currency', value === 'all' ? null : value)}
        testId="currency-filter"
      />
      <BalanceCard filter={filter} />
      <div className="kb-card kb-record-tabs">
        <Tabs activeKey={tab} onChange={(key) => setParam('tab', recordTab(key))} stretch>
          {RECORD_TABS.map((key) => (
            <Tabs.Tab key={key} title={<span data-testid={`tab-${key}`}>{t(`records.tabs.${key}`)}</span>} />
          ))}
        </Tabs>
      </div>
      <RecordList key={tab} kind={tab} filter={filter} />
    </Page>
  );
}
