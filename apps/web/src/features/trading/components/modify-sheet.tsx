import { entryTriggerSide } from '@kabuto/domain';
import { useState } from 'react';
import { isApiError } from '../../../shared/api';
import { formatPriceWithSymbol } from '../../../shared/format/money';
import { levelProblem, priceTextProblem, stepPrice, stepQuantity } from '../../../shared/trading/order-form';
import { StepField } from '../../../shared/trading/step-field';
import { useModifyOrder } from '../api/positions';
import type { Position } from '../lib/types';
import { positionSheet, SheetButton, SheetFooter, useSheetContext } from './sheet-frame';

export type ModifyField = 'price' | 'trigger' | 'quantity';

/** The sheet's field a refusal of /trade/modify is about; null for one shown above the button. */
export function modifyFieldOf(key: string, field: string | undefined): ModifyField | null {
  if (key === 'order_not_modifiable' || field === 'id') return null;
  if (key === 'price_limit' || field === 'price') return 'price';
  if (key === 'trigger_invalid' || field === 'trigger_price') return 'trigger';
  if (key === 'quantity_invalid' || field === 'quantity') return 'quantity';
  return null;
}

/** What a pending order lets change: its limit, its trigger until it fired (not a trailing one), its quantity. */
export function modifiable(position: Position): { price: boolean; trigger: boolean } {
  return {
    price: position.limitPrice !== null,
    trigger:
      position.triggerPrice !== null &&
      position.triggeredAt === null &&
      position.trailAmount === null &&
      position.trailPercent === null,
  };
}

type QuantityProblem = 'quantityRequired' | 'quantityInvalid' | 'up';

function quantityProblemOf(text: string, max: number): QuantityProblem | null {
  const trimmed = text.trim();
  if (trimmed === '') return 'quantityRequired';
  if (!/^\d+$/.test(trimmed) || Number(trimmed) < 1) return 'quantityInvalid';
  return Number(trimmed) > max ? 'up' : null;
}

/**
 * Modify a pending order (SPEC §13.2, /trade/modify): its price, its trigger, its quantity down.
 * Each field is checked as typed; only what changed is sent; a refusal shows under the field it
 * names, and `order_not_modifiable` (it filled or ended meanwhile) above the button.
 */
export const ModifySheet = positionSheet('protect.modify.title', 'modify-sheet', ModifyForm);

function ModifyForm({ position, onClose }: { position: Position; onClose: () => void }) {
  const { t, tErrors, language, levelMessage, market, decimals, live } = useSheetContext(position);
  const can = modifiable(position);
  const [price, setPrice] = useState(position.limitPrice ?? '');
  const [trigger, setTrigger] = useState(position.triggerPrice ?? '');
  const [quantity, setQuantity] = useState(String(position.quantity));
  const [refusal, setRefusal] = useState<{ field: ModifyField | null; key: string } | null>(null);
  const [unchanged, setUnchanged] = useState(false);
  const modify = useModifyOrder(onClose);

  const priceProblem = can.price ? priceTextProblem(price, decimals) : null;
  const triggerProblem = can.trigger
    ? levelProblem(trigger, decimals, entryTriggerSide(position.direction), live)
    : null;
  const quantityProblem = quantityProblemOf(quantity, position.quantity);
  const refused = (field: ModifyField) =>
    refusal?.field === field ? tErrors(refusal.key, { defaultValue: tErrors('error') }) : null;
  const priceError = priceProblem
    ? t(
        `sheet.errors.${priceProblem === 'required' ? 'priceRequired' : priceProblem === 'decimals' ? 'priceDecimals' : 'priceInvalid'}`,
        {
          decimals,
        },
      )
    : refused('price');
  const triggerError = levelMessage(triggerProblem, 'trigger', market, live) ?? refused('trigger');
  const quantityError = quantityProblem
    ? quantityProblem === 'up'
      ? t('protect.modify.quantityUp', { max: position.quantity.toLocaleString() })
      : t(`sheet.errors.${quantityProblem}`)
    : refused('quantity');

  const edit = () => {
    setRefusal(null);
    setUnchanged(false);
  };
  const submit = () => {
    if (priceProblem || triggerProblem || quantityProblem) return;
    const body: { id: number; price?: string; trigger_price?: string; quantity?: string } = {
      id: position.id,
    };
    const same = (a: string, b: string | null) => b !== null && Number(a.trim()) === Number(b);
    if (can.price && !same(price, position.limitPrice)) body.price = price.trim();
    if (can.trigger && !same(trigger, position.triggerPrice)) body.trigger_price = trigger.trim();
    if (Number(quantity.trim()) !== position.quantity) body.quantity = String(Number(quantity.trim()));
    if (Object.keys(body).length === 1) {
      setUnchanged(true);
      return;
    }
    modify.mutate(body, {
      onError: (error) =>
        setRefusal(
          isApiError(error) ? { field: modifyFieldOf(error.key, error.field), key: error.key } : null,
        ),
    });
  };
  const notice = unchanged
    ? t('protect.modify.nothing')
    : refusal && refusal.field === null
      ? tErrors(refusal.key, { defaultValue: tErrors('error') })
      : null;

  return (
    <>
      <p className="kb-muted kb-order-field__hint">{t('protect.modify.hint')}</p>
      <p className="kb-order-field__hint kb-num" data-testid="modify-live">
        {`${position.name} ${position.code} · ${t('protect.tpsl.livePrice', {
          price: formatPriceWithSymbol(live, market, language),
        })}`}
      </p>
      {can.trigger && (
        <StepField
          label={t('protect.trigger')}
          value={trigger}
          inputMode="decimal"
          testId="modify-trigger"
          error={triggerError}
          onChange={setTrigger}
          onStep={(steps) => setTrigger(stepPrice(trigger, market, steps, live))}
          onEdit={edit}
        />
      )}
      {can.price && (
        <StepField
          label={t('sheet.price')}
          value={price}
          inputMode="decimal"
          testId="modify-price"
          error={priceError}
          onChange={setPrice}
          onStep={(steps) => setPrice(stepPrice(price, market, steps, live))}
          onEdit={edit}
        />
      )}
      <StepField
        label={t('sheet.quantity')}
        value={quantity}
        inputMode="numeric"
        testId="modify-quantity"
        error={quantityError}
        onChange={setQuantity}
        onStep={(steps) =>
          setQuantity(String(Math.min(Number(stepQuantity(quantity, steps)), position.quantity)))
        }
        onEdit={edit}
      />
      <SheetFooter notice={notice} testId="modify-sheet-notice">
        <SheetButton testId="modify-save" primary loading={modify.isPending} onClick={submit}>
          {t('protect.modify.save')}
        </SheetButton>
      </SheetFooter>
    </>
  );
}
