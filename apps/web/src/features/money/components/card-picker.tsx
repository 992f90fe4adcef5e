import { CheckCircleFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import type { useCards } from '../api/money';

type Card = NonNullable<ReturnType<typeof useCards>['data']>[number];

function lastFour(masked: string): string {
  return /(\d{1,4})\s*$/.exec(masked)?.[1] ?? '';
}

/** The bound card a withdrawal pays out to (SPEC §6.4); a Form.Item child (value / onChange). */
export function CardPicker({
  cards,
  value,
  onChange,
}: {
  cards: readonly Card[];
  value?: number;
  onChange?: (id: number) => void;
}) {
  const { t } = useTranslation('money');
  return (
    <fieldset className="kb-card-picker">
      <legend className="kb-visually-hidden">{t('withdraw.card')}</legend>
      {cards.map((card) => {
        const selected = card.id === value;
        return (
          <label
            key={card.id}
            className={`kb-card-option ${selected ? 'kb-card-option--selected' : ''}`}
            data-testid={`card-option-${card.id}`}
          >
            <input
              type="radio"
              name="card_id"
              className="kb-visually-hidden"
              checked={selected}
              onChange={() => onChange?.(card.id)}
            />
            <span className="kb-card-option__main">
              <span className="kb-card-option__bank">{card.institution}</span>
              <span className="kb-card-option__meta">
                {card.branch} · {card.holder}
              </span>
            </span>
            <span className="kb-num kb-card-option__number">•••• {lastFour(card.cardNumber)}</span>
            <CheckCircleFill
              aria-hidden="true"
              className={`kb-card-option__check ${selected ? '' : 'kb-card-option__check--off'}`}
            />
          </label>
        );
      })}
    </fieldset>
  );
}
