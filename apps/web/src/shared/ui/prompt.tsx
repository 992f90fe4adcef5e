import { Button } from 'antd-mobile';
import './forms.css';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

/**
 * A step the user must take before this screen works (set the fund password, verify identity,
 * add a card), with the button that takes them there.
 */
export function Prompt({
  icon,
  title,
  description,
  action,
  to,
  testId,
}: {
  icon: ReactNode;
  title: string;
  description?: ReactNode;
  action?: string;
  to?: string;
  testId?: string;
}) {
  const navigate = useNavigate();
  return (
    <section className="kb-prompt" data-testid={testId} aria-live="polite">
      <div className="kb-prompt__icon" aria-hidden="true">
        {icon}
      </div>
      <h2 className="kb-prompt__title">{title}</h2>
      {description && <p className="kb-prompt__text">{description}</p>}
      {action && to && (
        <Button color="primary" block size="large" onClick={() => navigate(to)}>
          {action}
        </Button>
      )}
    </section>
  );
}
