import { Button, Popup } from 'antd-mobile';
import { CloseOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../shared/trading/trading.css';

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
