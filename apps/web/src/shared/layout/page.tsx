import type { ReactNode } from 'react';

/**
 * One screen: a header that stays put and a body that scrolls (SPEC §12). Tab screens leave
 * room for the fixed tab bar.
 */
export function Page({
  header,
  children,
  tab = false,
  className,
}: {
  header?: ReactNode;
  children: ReactNode;
  tab?: boolean;
  className?: string;
}) {
  return (
    <div className={`kb-page ${tab ? 'kb-page--tab' : ''} ${className ?? ''}`}>
      {header}
      <main className="kb-page__body">{children}</main>
    </div>
  );
}
