import { List } from 'antd-mobile';
import type { ReactNode } from 'react';
import './money-row.css';

type DataAttributes = { [key: `data-${string}`]: string | number | undefined };

export type MoneyRowProps = {
  /** What the amount is: wraps onto more lines when space runs out. */
  label: ReactNode;
  /** The amount (usually a MoneyText): never truncated, never wrapped. */
  amount: ReactNode;
  /** A line under the label (order number, time): wraps, long numbers break anywhere. */
  description?: ReactNode;
  /** Under the amount (a state tag, a second figure): as whole as the amount. */
  aside?: ReactNode;
  onClick?: () => void;
  /** The row is a list item (default) or a plain line inside a card. */
  variant?: 'list' | 'plain';
  className?: string;
} & DataAttributes;

/**
 * A label and an amount on one row (SPEC §0.2, §12). A number is never cut: the amount (and what
 * sits under it) keeps its full width and the label gives way, wrapping onto more lines. Every
 * label/amount row of the app is one of these, so no screen truncates money.
 */
export function MoneyRow({
  label,
  amount,
  description,
  aside,
  onClick,
  variant = 'list',
  className,
  ...data
}: MoneyRowProps) {
  const figures = (
    <div className="kb-money-row__figures">
      <span className="kb-money-row__amount">{amount}</span>
      {aside !== undefined && aside !== null && aside !== false && (
        <span className="kb-money-row__aside">{aside}</span>
      )}
    </div>
  );
  if (variant === 'plain')
    return (
      <div className={`kb-money-row kb-money-row--plain ${className ?? ''}`} {...data}>
        <div className="kb-money-row__label">
          <div>{label}</div>
          {description && <div className="kb-money-row__description">{description}</div>}
        </div>
        {figures}
      </div>
    );
  return (
    <List.Item
      className={`kb-money-row ${className ?? ''}`}
      description={description}
      extra={figures}
      onClick={onClick}
      {...data}
    >
      {label}
    </List.Item>
  );
}
