import { RightOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** A titled block of a page (home sections, settings groups). */
export function Section({
  title,
  extra,
  moreTo,
  children,
  id,
}: {
  title: ReactNode;
  extra?: ReactNode;
  /** Route of the full list, shown as a "More" link. */
  moreTo?: string;
  children: ReactNode;
  id?: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <section className="kb-section" aria-labelledby={id}>
      <header className="kb-section__header">
        <h2 className="kb-section__title" id={id}>
          {title}
        </h2>
        <div className="kb-section__extra">
          {extra}
          {moreTo && (
            <button type="button" className="kb-link-button" onClick={() => navigate(moreTo)}>
              {t('actions.more')}
              <RightOutline />
            </button>
          )}
        </div>
      </header>
      <div className="kb-section__body">{children}</div>
    </section>
  );
}
