import { List } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { reasonText } from '../../../shared/format/message-text';
import { formatWhen } from '../../../shared/format/time';
import { useLanguage } from '../../../shared/i18n/setup';
import { Page } from '../../../shared/layout/page';
import { PageHeader } from '../../../shared/layout/page-header';
import { PATHS } from '../../../shared/routing/paths';
import { closedResult } from '../../../shared/trading/pnl';
import { LoadError } from '../../../shared/ui/load-error';
import { MoneyRow } from '../../../shared/ui/money-row';
import { MoneyText } from '../../../shared/ui/money-text';
import { Section } from '../../../shared/ui/section';
import { PageSkeleton } from '../../../shared/ui/skeletons';
import { type DayDetail, useDayDetail } from '../api/daytrade';
import { DayStateTag } from '../components/day-state-tag';
import '../daytrade.css';

type Position = DayDetail['positions'][number];

const RECORD_KINDS = ['daytrade_freeze', 'daytrade_release', 'daytrade_settle'] as const;
type RecordKind = (typeof RECORD_KINDS)[number];
const isRecordKind = (kind: string): kind is RecordKind => (RECORD_KINDS as readonly string[]).includes(kind);

function Summary({ detail }: { detail: DayDetail }) {
  const { t } = useTranslation('daytrade');
  const { t: tc } = useTranslation('common');
  const language = useLanguage();
  const app = detail.application;
  const when = (iso: string | null) => formatWhen(iso, language, app.market);
  const reason = reasonText(app, language);
  const row = (label: string, value: ReactNode, testId?: string) => (
    <MoneyRow label={label} amount={<span data-testid={testId}>{value}</span>} />
  );
  return (
    <List className="kb-card" data-testid="day-detail">
      {row(t('detail.orderNo'), <span className="kb-num">{app.orderNo}</span>)}
      {row(t('detail.market'), tc(`markets.${app.market}`))}
      {row(t('program.tradingDay'), <span className="kb-num">{app.tradingDay}</span>)}
      {row(t('detail.state'), <DayStateTag state={app.state} />)}
      {reason && (
        // A sentence, not an amount: it wraps under its label rather than squeezing it.
        <List.Item description={<span data-testid="day-reason">{reason}</span>}>
          {t('detail.reason')}
        </List.Item>
      )}
      {row(t('list.amount'), <MoneyText value={app.amount} currency={app.currency} />)}
      {row(t('program.leverage'), t('program.leverageValue', { value: app.leverage }))}
      {row(t('form.buyingPower'), <MoneyText value={app.buyingPower} currency={app.currency} />)}
      {app.capitalLeft !== null &&
        row(t('current.capitalLeft'), <MoneyText value={app.capitalLeft} currency={app.currency} />)}
      {row(t('program.closeAt'), <span className="kb-num">{when(app.closeAt)}</span>)}
      {row(t('detail.createdAt'), <span className="kb-num">{when(app.createdAt)}</span>)}
      {app.reviewedAt && row(t('detail.reviewedAt'), <span className="kb-num">{when(app.reviewedAt)}</span>)}
      {app.pnl !== null &&
        row(t('list.pnl'), <MoneyText value={app.pnl} currency={app.currency} signed />, 'day-pnl')}
      {app.fees !== null && row(t('detail.fees'), <MoneyText value={app.fees} currency={app.currency} />)}
      {app.returned !== null &&
        row(t('list.returned'), <MoneyText value={app.returned} currency={app.currency} />, 'day-returned')}
      {app.settledAt && row(t('detail.settledAt'), <span className="kb-num">{when(app.settledAt)}</span>)}
    </List>
  );
}

function PositionItem({ position }: { position: Position }) {
  const { t } = useTranslation('daytrade');
  const language = useLanguage();
  const navigate = useNavigate();
  const ended = position.state === 'closed' || position.state === 'cancelled';
  return (
    <MoneyRow
      data-testid="day-position"
      data-state={position.state}
      data-reason={position.closeReason ?? ''}
      onClick={() => navigate(`/position/info?id=${position.id}`)}
      label={
        <span className="kb-day-pos__head">
          <span className={`kb-day-dir kb-day-dir--${position.direction}`}>
            {t(`detail.direction.${position.direction}`)}
          </span>
          <span className="kb-day-mode">{t('title')}</span>
          <span>{position.name}</span>
          <span className="kb-num kb-muted">{position.code}</span>
        </span>
      }
      description={
        <span className="kb-num">
          {t('detail.quantity', { count: position.quantity })}
          {position.openPrice && ` · ${t('detail.open', { price: position.openPrice })}`}
          {position.closePrice && ` · ${t('detail.close', { price: position.closePrice })}`}
          {` · ${formatWhen(position.closedAt ?? position.openedAt ?? position.createdAt, language, position.market)}`}
        </span>
      }
      amount={
        position.state !== 'cancelled' &&
        position.state !== 'pending' && (
          <MoneyText
            value={ended ? closedResult(position).net : position.pnl}
            currency={position.currency}
            signed
          />
        )
      }
      aside={
        <span className="kb-muted" data-testid="day-position-reason">
          {position.closeReason && ended
            ? t(`detail.closeReason.${position.closeReason}`)
            : t(`detail.positionState.${position.state}`)}
        </span>
      }
    />
  );
}

function Body({ id }: { id: number }) {
  const { t } = useTranslation('daytrade');
  const language = useLanguage();
  const detail = useDayDetail(id);
  if (id <= 0) return <p className="kb-muted kb-day-empty">{t('list.empty')}</p>;
  if (detail.isPending) return <PageSkeleton />;
  if (detail.isError) return <LoadError errorKey={detail.error.key} onRetry={() => detail.refetch()} />;
  const { positions, records, application } = detail.data;
  return (
    <>
      <Summary detail={detail.data} />
      <Section title={t('detail.positions')}>
        {positions.length === 0 ? (
          <p className="kb-muted kb-day-empty">{t('detail.noPositions')}</p>
        ) : (
          <List className="kb-card" data-testid="day-positions">
            {positions.map((p) => (
              <PositionItem key={p.id} position={p} />
            ))}
          </List>
        )}
      </Section>
      <Section title={t('detail.records')}>
        {records.length === 0 ? (
          <p className="kb-muted kb-day-empty">{t('detail.noRecords')}</p>
        ) : (
          <List className="kb-card" data-testid="day-records">
            {records.map((r) => (
              <MoneyRow
                key={r.orderNo}
                data-testid="day-record"
                data-kind={r.kind}
                label={isRecordKind(r.kind) ? t(`detail.kind.${r.kind}`) : r.kind}
                description={
                  <span className="kb-num">{`${r.orderNo} · ${formatWhen(r.createdAt, language, application.market)}`}</span>
                }
                amount={<MoneyText value={r.amount} currency={application.currency} signed />}
              />
            ))}
          </List>
        )}
      </Section>
    </>
  );
}

/** /home/withinDaysInfo?id= (SPEC §6.5): one application, each day-mode order and fill, and the settlement. */
export default function DayTradeDetailPage() {
  const { t } = useTranslation('daytrade');
  const [params] = useSearchParams();
  const raw = Number(params.get('id'));
  const id = Number.isSafeInteger(raw) && raw > 0 ? raw : 0;
  return (
    <Page header={<PageHeader title={t('detail.title')} backTo={PATHS.dayTrading} />}>
      <Body id={id} />
    </Page>
  );
}
