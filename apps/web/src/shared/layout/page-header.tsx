import 'antd-mobile/es/components/nav-bar/nav-bar.css';
import { AddOutline, LeftOutline, UnorderedListOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PATHS } from '../routing/paths';
import { LinkButton } from '../ui/link-button';

/**
 * Page header variants (SPEC §2): `back` (back arrow), `hide` (no back arrow), `add` and `order`
 * (back arrow plus a button that opens `to`: an add form or a records list).
 */
export type PageHeaderVariant = 'back' | 'hide' | 'add' | 'order';

/** Goes back in the app's history, or to `fallback` when the page was opened directly. */
export function useGoBack(fallback: string = PATHS.home) {
  const navigate = useNavigate();
  return () => {
    const state: unknown = window.history.state;
    const idx = typeof state === 'object' && state !== null && 'idx' in state ? state.idx : 0;
    if (typeof idx === 'number' && idx > 0) navigate(-1);
    else navigate(fallback, { replace: true });
  };
}

export function PageHeader({
  title,
  variant = 'back',
  to,
  right,
  link,
  backTo,
}: {
  title: ReactNode;
  variant?: PageHeaderVariant;
  /** Route the add / order button opens. */
  to?: string;
  /** Extra content on the right (replaces the add / order button). */
  right?: ReactNode;
  /** A text button on the right that opens another screen (e.g. the page's records). */
  link?: { to: string; testId: string; label: string };
  /** Where back goes when there is no history (deep link). */
  backTo?: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const goBack = useGoBack(backTo);
  let action: ReactNode = right;
  if (!action && link)
    action = (
      <LinkButton to={link.to} testId={link.testId}>
        {link.label}
      </LinkButton>
    );
  if (!action && to && variant === 'add') {
    action = (
      <button
        type="button"
        className="kb-icon-button"
        aria-label={t('actions.add')}
        onClick={() => navigate(to)}
      >
        <AddOutline fontSize={22} />
      </button>
    );
  }
  if (!action && to && variant === 'order') {
    action = (
      <button type="button" className="kb-icon-button kb-icon-button--text" onClick={() => navigate(to)}>
        <UnorderedListOutline fontSize={18} />
        <span>{t('actions.records')}</span>
      </button>
    );
  }
  return (
    <header className="kb-header">
      {/* antd-mobile's NavBar look; its back arrow is a div without a name, this one is a button. */}
      <div className="adm-nav-bar kb-navbar">
        <div className="adm-nav-bar-left">
          {variant !== 'hide' && (
            <button
              type="button"
              className="adm-nav-bar-back kb-back"
              aria-label={t('actions.back')}
              onClick={goBack}
              data-testid="page-back"
            >
              <span className="adm-nav-bar-back-arrow">
                <LeftOutline aria-hidden="true" />
              </span>
            </button>
          )}
        </div>
        <div className="adm-nav-bar-title">
          <h1 className="kb-navbar__title">{title}</h1>
        </div>
        <div className="adm-nav-bar-right">{action}</div>
      </div>
    </header>
  );
}
