import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

/** A text button that opens another screen of the app (a header's "records", a summary's link). */
export function LinkButton({ to, testId, children }: { to: string; testId: string; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <button type="button" className="kb-link-button" onClick={() => navigate(to)} data-testid={testId}>
      {children}
    </button>
  );
}
