import { AppProviders } from './providers';
import { AppRouter } from './router';
import { StepUpHost } from './step-up-host';

export function App() {
  return (
    <AppProviders>
      <div className="kb-app">
        <AppRouter />
      </div>
      <StepUpHost />
    </AppProviders>
  );
}
