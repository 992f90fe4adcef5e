import { stopLossSide, takeProfitSide } from '@kabuto/domain';
import { useState } from 'react';
import { isApiError } from '../../../shared/api';
import { formatPriceWithSymbol } from '../../../shared/format/money';
import { levelProblem, stepPercent, stepPrice, trailProblem } from '../../../shared/trading/order-form';
import { StepField } from '../../../shared/trading/step-field';
import { toastDone } from '../../../shared/ui/toast';
import { useSetTpSl } from '../api/positions';
import type { Position } from '../lib/types';
import { positionSheet, SheetButton, SheetFooter, useSheetContext } from './sheet-frame';

type StopKind = 'fixed' | 'amount' | 'percent';
type TpSlField = 'takeProfit' | 'stopLoss' | 'trail';

/** The sheet's field a refusal names (`take_profit`, `stop_loss`, `trail_*`), else none. */
export function tpSlFieldOf(field: string | undefined): TpSlField | null {
  if (field === 'take_profit') return 'takeProfit';
  if (field === 'stop_loss') return 'stopLoss';
  if (field === 'trail_amount' || field === 'trail_percent') return 'trail';
  return null;
}

function initialKind(position: Position): StopKind {
  if (position.stopLossTrailAmount) return 'amount';
  if (position.stopLossTrailPercent) return 'percent';
  return 'fixed';
}

/**
 * Take-profit and stop-loss of a holding position or a pending order (SPEC §13.2, /trade/setTpSl):
 * set, change or remove. A holding position's stop-loss may trail by an amount or a percentage.
 * Each price is checked against its side of the reference (the live price; a pending order's
 * opening price) as it is typed; a refusal shows under the field it names.
 */
export const TpSlSheet = positionSheet('protect.tpsl.title', 'tpsl-sheet', TpSlForm);

function TpSlForm({ position, onClose }: { position: Position; onClose: () => void }) {
  const { t, tErrors, language, levelMessage, market, decimals, live } = useSheetContext(position);
  const holding = position.state === 'holding';
  const reference = holding ? live : (position.limitPrice ?? position.triggerPrice ?? live);
  const [takeProfit, setTakeProfit] = useState(position.takeProfit ?? '');
  const [kind, setKind] = useState<StopKind>(initialKind(position));
  const [stopLoss, setStopLoss] = useState(kind === 'fixed' ? (position.stopLoss ?? '') : '');
  const [trail, setTrail] = useState(position.stopLossTrailAmount ?? position.stopLossTrailPercent ?? '');
  const [touched, setTouched] = useState(false);
  const [refusal, setRefusal] = useState<{ field: TpSlField | null; key: string } | null>(null);
  const save = useSetTpSl((removed) => {
    toastDone(removed ? t('protect.tpsl.removed') : t('protect.tpsl.saved'));
    onClose();
  });

  const problems = {
    takeProfit: takeProfit.trim()
      ? levelProblem(takeProfit, decimals, takeProfitSide(position.direction), reference)
      : null,
    stopLoss:
      kind === 'fixed' && stopLoss.trim()
        ? levelProblem(stopLoss, decimals, stopLossSide(position.direction), reference)
        : null,
    trail: kind !== 'fixed' && trail.trim() ? trailProblem(trail, kind, market, live) : null,
  };
  const message = (field: TpSlField): string | null => {
    if (touched || field !== 'trail') {
      const problem = problems[field];
      const label = field === 'trail' ? (kind === 'fixed' ? 'amount' : kind) : field;
      const shown = levelMessage(problem, label, market, field === 'trail' ? null : reference);
      if (shown) return shown;
    }
    return refusal?.field === field ? tErrors(refusal.key, { defaultValue: tErrors('error') }) : null;
  };

  const send = (body: {
    take_profit?: string;
    stop_loss?: string;
    trail_amount?: string;
    trail_percent?: string;
  }) => {
    setRefusal(null);
    save.mutate(
      { id: position.id, ...body },
      {
        onError: (error) =>
          setRefusal(isApiError(error) ? { field: tpSlFieldOf(error.field), key: error.key } : null),
      },
    );
  };
  const submit = () => {
    setTouched(true);
    if (problems.takeProfit || problems.stopLoss || problems.trail) return;
    send({
      take_profit: takeProfit.trim(),
      stop_loss: kind === 'fixed' ? stopLoss.trim() : '',
      trail_amount: kind === 'amount' ? trail.trim() : '',
      trail_percent: kind === 'percent' ? trail.trim() : '',
    });
  };
  const edit = () => setRefusal(null);
  const kinds: StopKind[] = holding ? ['fixed', 'amount', 'percent'] : ['fixed'];
  const generalRefusal =
    refusal && refusal.field === null ? tErrors(refusal.key, { defaultValue: tErrors('error') }) : null;

  return (
    <>
      <p className="kb-muted kb-order-field__hint">{t('protect.tpsl.hint')}</p>
      <p className="kb-order-field__hint kb-num" data-testid="tpsl-reference">
        {holding
          ? t('protect.tpsl.livePrice', { price: formatPriceWithSymbol(live, market, language) })
          : t('protect.tpsl.openPrice', { price: formatPriceWithSymbol(reference, market, language) })}
      </p>
      <StepField
        label={t('protect.takeProfit')}
        value={takeProfit}
        inputMode="decimal"
        testId="tpsl-take-profit"
        error={message('takeProfit')}
        onChange={setTakeProfit}
        onStep={(steps) => setTakeProfit(stepPrice(takeProfit, market, steps, reference))}
        onEdit={edit}
      />
      {kinds.length > 1 && (
        <div className="kb-segmented" data-testid="tpsl-kind">
          {kinds.map((k) => (
            <button
              key={k}
              type="button"
              aria-pressed={kind === k}
              data-testid={`tpsl-kind-${k}`}
              className={`kb-segmented__item kb-segmented__item--small ${kind === k ? 'is-active' : ''}`}
              onClick={() => {
                setKind(k);
                setTrail('');
                edit();
              }}
            >
              {t(`protect.tpsl.stopLossKind.${k}`)}
            </button>
          ))}
        </div>
      )}
      {kind === 'fixed' ? (
        <StepField
          label={t('protect.stopLoss')}
          value={stopLoss}
          inputMode="decimal"
          testId="tpsl-stop-loss"
          error={message('stopLoss')}
          onChange={setStopLoss}
          onStep={(steps) => setStopLoss(stepPrice(stopLoss, market, steps, reference))}
          onEdit={edit}
        />
      ) : (
        <StepField
          label={kind === 'amount' ? t('protect.trailAmount') : t('protect.trailPercent')}
          hint={
            position.stopLoss && initialKind(position) === kind
              ? `${t('protect.trailingStopLoss')} ${formatPriceWithSymbol(position.stopLoss, market, language)}`
              : null
          }
          value={trail}
          inputMode="decimal"
          testId="tpsl-trail"
          error={message('trail')}
          onChange={setTrail}
          onStep={(steps) =>
            setTrail(kind === 'percent' ? stepPercent(trail, steps) : stepPrice(trail, market, steps, null))
          }
          onEdit={edit}
        />
      )}
      <SheetFooter notice={generalRefusal} testId="tpsl-sheet-notice">
        <SheetButton testId="tpsl-save" primary loading={save.isPending} onClick={submit}>
          {t('protect.tpsl.save')}
        </SheetButton>
        {(position.takeProfit || position.stopLoss) && (
          <SheetButton testId="tpsl-remove" loading={save.isPending} onClick={() => send({})}>
            {t('protect.tpsl.removeAll')}
          </SheetButton>
        )}
      </SheetFooter>
    </>
  );
}
