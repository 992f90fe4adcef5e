import { PRICE_DECIMALS } from '@kabuto/contract';
import { Button, Popup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../../shared/i18n/setup';
import { useLevelMessage } from '../../../shared/trading/level-message';
import { useTradingQuote } from '../../../shared/trading/live-quote';
import '../../../shared/trading/trading.css';
import type { Position } from '../lib/types';

/**
 * A bottom sheet for changing an order or a position (SPEC §13.2): title, the fields, a refusal
 * that names no field right above the buttons, and the buttons in a sticky foot so they are never
 * scrolled away at 390 px.
 */
export function SheetFrame({
  open,
  title,
  testId,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  testId: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t: tc } = useTranslation('common');
  return (
    <Popup
      visible={open}
      onMaskClick={onClose}
      onClose={onClose}
      position="bottom"
      destroyOnClose
      bodyClassName="kb-order-sheet"
    >
      <div className="kb-order-sheet__inner" data-testid={testId} role="dialog" aria-label={title}>
        <header className="kb-order-sheet__header">
          <h2 className="kb-order-sheet__title">{title}</h2>
          <button type="button" className="kb-icon-button" aria-label={tc('actions.close')} onClick={onClose}>
            <CloseOutline fontSize={20} />
          </button>
        </header>
        <div className="kb-order-form">{children}</div>
      </div>
    </Popup>
  );
}

/**
 * The sheet of one position's `Form` (`title` in the trading texts): open while there is a
 * position, its form fresh for each one.
 */
export function positionSheet(
  title: 'protect.modify.title' | 'protect.tpsl.title',
  testId: string,
  Form: ComponentType<{ position: Position; onClose: () => void }>,
) {
  return function PositionSheet({ position, onClose }: { position: Position | null; onClose: () => void }) {
    const { t } = useTranslation('trading');
    return (
      <SheetFrame open={position !== null} title={t(title)} testId={testId} onClose={onClose}>
        {position && <Form key={position.id} position={position} onClose={onClose} />}
      </SheetFrame>
    );
  };
}

/** What a position's sheet reads: its texts, the reader's language, the market's decimals, the live price. */
export function useSheetContext(position: Position) {
  const { t } = useTranslation('trading');
  const { t: tErrors } = useTranslation('errors');
  const language = useLanguage();
  const levelMessage = useLevelMessage();
  const quote = useTradingQuote(position.code);
  const market = position.market;
  return {
    t,
    tErrors,
    language,
    levelMessage,
    market,
    decimals: PRICE_DECIMALS[market],
    live: quote?.price ?? position.currentPrice,
  };
}

/** The sticky foot: a refusal that names no field, then the buttons. */
export function SheetFooter({
  notice,
  testId,
  children,
}: {
  notice: string | null;
  testId: string;
  children: ReactNode;
}) {
  return (
    <div className="kb-order-sheet__footer">
      {notice && (
        <div className="kb-order-notice kb-order-notice--warn" role="alert" data-testid={testId}>
          {notice}
        </div>
      )}
      {children}
    </div>
  );
}

export function SheetButton({
  testId,
  primary = false,
  loading = false,
  disabled = false,
  onClick,
  children,
}: {
  testId: string;
  primary?: boolean;
  /** Its request is on its way: the button spins and waits. */
  loading?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      block
      size="large"
      color={primary ? 'primary' : 'default'}
      fill={primary ? 'solid' : 'outline'}
      data-testid={testId}
      loading={loading}
      disabled={loading || disabled}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}
