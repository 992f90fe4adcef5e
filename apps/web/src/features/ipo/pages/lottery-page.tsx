import type { Market } from '@kabuto/contract';
import { drawLottery } from '@kabuto/domain';
import { Button, List } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatWhen } from '../../../shared/format/time';
import { useLanguage } from '../../../shared/i18n/setup';
import { Page } from '../../../shared/layout/page';
import { PageHeader } from '../../../shared/layout/page-header';
import { PATHS } from '../../../shared/routing/paths';
import { LoadError } from '../../../shared/ui/load-error';
import { Section } from '../../../shared/ui/section';
import { PageSkeleton } from '../../../shared/ui/skeletons';
import { type LotteryProof, useLotteryProof, useNewShare } from '../api';
import '../ipo.css';

/** Re-runs the recorded draw in the browser (SPEC §0.7): same seed and inputs, same winners. */
export function rerunMatches(proof: LotteryProof): boolean {
  if (!proof.seed) return false;
  const result = drawLottery({
    seed: proof.seed,
    offeredShares: proof.offeredShares,
    lotSize: proof.lotSize,
    applications: proof.applications,
  });
  return (
    result.inputsDigest === proof.inputsDigest &&
    JSON.stringify(result.winners) === JSON.stringify(proof.winners)
  );
}

/** `market` is the share's, once read: the draw is the market's event, on its clock. */
function Proof({ proof, market }: { proof: LotteryProof; market: Market | undefined }) {
  const { t } = useTranslation('ipo');
  const language = useLanguage();
  const [rerun, setRerun] = useState<boolean | null>(null);
  const mine = proof.myApplicationId;
  const myWin = proof.winners.find((w) => w.id === mine);
  return (
    <>
      <List className="kb-card kb-ipo-proof" data-testid="lottery-proof">
        <List.Item
          description={
            <span className="kb-ipo-hash" data-testid="lottery-seed">
              {proof.seed}
            </span>
          }
        >
          {t('lottery.seed')}
        </List.Item>
        <List.Item description={proof.seedRule}>{t('lottery.seedRule')}</List.Item>
        <List.Item
          description={
            <span className="kb-ipo-hash" data-testid="lottery-digest">
              {proof.inputsDigest}
            </span>
          }
        >
          {t('lottery.digest')}
        </List.Item>
        <List.Item description={proof.algorithm}>{t('lottery.algorithm')}</List.Item>
        <List.Item extra={<span className="kb-num">{proof.offeredShares.toLocaleString()}</span>}>
          {t('lottery.offered')}
        </List.Item>
        <List.Item extra={<span className="kb-num">{proof.applications.length.toLocaleString()}</span>}>
          {t('lottery.applications')}
        </List.Item>
        <List.Item extra={<span className="kb-num">{proof.winners.length.toLocaleString()}</span>}>
          {t('lottery.winners')}
        </List.Item>
        {proof.drawnAt && (
          <List.Item
            extra={
              <span className="kb-num">{market ? formatWhen(proof.drawnAt, language, market) : '—'}</span>
            }
          >
            {t('field.lotteryAt')}
          </List.Item>
        )}
      </List>
      {mine !== null && (
        <p className="kb-ipo-note" data-testid="lottery-mine">
          {myWin
            ? t('lottery.mine', { id: mine, count: myWin.allottedShares, n: myWin.allottedShares })
            : t('lottery.mineNone', { id: mine })}
        </p>
      )}
      <div className="kb-ipo-actions">
        <Button color="primary" onClick={() => setRerun(rerunMatches(proof))} data-testid="lottery-rerun">
          {t('lottery.rerun')}
        </Button>
      </div>
      {rerun !== null && (
        <p className="kb-ipo-note" data-testid="lottery-rerun-result">
          {rerun ? t('lottery.rerunSame') : t('lottery.rerunDiffers')}
        </p>
      )}
      <Section title={t('lottery.list')}>
        <div className="kb-card kb-ipo-proof kb-ipo-form kb-num" data-testid="lottery-winners">
          {proof.winners.map((w) => `${w.id}: ${w.allottedShares}`).join(' · ') || '—'}
        </div>
      </Section>
      <p className="kb-ipo-note">
        <a href="#verify" data-testid="lottery-verify-link">
          {t('lottery.verify')}
        </a>
      </p>
      <Section title={t('lottery.verifyTitle')}>
        <div id="verify" className="kb-card kb-ipo-form kb-ipo-verify" data-testid="lottery-verify">
          <p>{t('lottery.verifySeed')}</p>
          <p>{t('lottery.verifyDigest')}</p>
          <p>{t('lottery.verifyRerun')}</p>
        </div>
      </Section>
    </>
  );
}

/** /home/newShareLottery?id= — the recorded draw of a new share, re-runnable by anyone (SPEC §0.7). */
export default function LotteryPage() {
  const { t } = useTranslation('ipo');
  const language = useLanguage();
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? 0);
  const proof = useLotteryProof(id);
  const share = useNewShare(id);
  let body: React.ReactNode;
  if (!(Number.isSafeInteger(id) && id > 0)) body = <LoadError errorKey="not_found" />;
  else if (proof.isPending) body = <PageSkeleton />;
  else if (proof.isError) body = <LoadError errorKey={proof.error.key} onRetry={() => proof.refetch()} />;
  else if (!proof.data.drawn)
    body = (
      <p className="kb-ipo-note" data-testid="lottery-not-drawn">
        {t('lottery.notDrawn', {
          at: share.data ? formatWhen(share.data.lotteryAt, language, share.data.market) : '—',
        })}
      </p>
    );
  else body = <Proof proof={proof.data} market={share.data?.market} />;
  return (
    <Page
      header={<PageHeader title={`${t('lotteryTitle')} ${proof.data?.code ?? ''}`} backTo={PATHS.newShare} />}
    >
      {body}
    </Page>
  );
}
