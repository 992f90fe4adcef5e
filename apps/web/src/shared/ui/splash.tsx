import { Button, ProgressBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Logo } from './logo';

export interface SplashStep {
  label: string;
  state: 'done' | 'active' | 'failed' | 'waiting';
}

/** The loading screen of /login/start (SPEC §2): progress messages and a retry on failure. */
export function Splash({
  title,
  steps,
  percent,
  error,
  onRetry,
}: {
  title: string;
  steps: SplashStep[];
  percent: number;
  error?: { title: string; detail: string };
  onRetry?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="kb-splash" role="status" aria-live="polite">
      <Logo size={72} />
      <h1 className="kb-splash__title">{title}</h1>
      <p className="kb-splash__tagline">{t('startup.tagline')}</p>
      <ProgressBar
        className={`kb-splash__progress ${error ? 'kb-splash__progress--failed' : ''}`}
        percent={percent}
      />
      <ul className="kb-splash__steps">
        {steps.map((step) => (
          <li key={step.label} className={`kb-splash__step kb-splash__step--${step.state}`}>
            {/* Drawn by CSS: the startup screen loads no icon set. */}
            {step.state === 'done' && (
              <span className="kb-splash__mark kb-splash__mark--done" aria-hidden="true" />
            )}
            {step.state === 'failed' && (
              <span className="kb-splash__mark kb-splash__mark--failed" aria-hidden="true" />
            )}
            {(step.state === 'active' || step.state === 'waiting') && (
              <span className="kb-splash__dot" aria-hidden="true" />
            )}
            <span>{step.label}</span>
          </li>
        ))}
      </ul>
      {error && (
        <p className="kb-splash__error" role="alert">
          <strong>{error.title}</strong>
          {error.detail}
        </p>
      )}
      {onRetry && (
        <Button className="kb-splash__retry" color="primary" size="large" onClick={onRetry}>
          {t('actions.retry')}
        </Button>
      )}
    </div>
  );
}
