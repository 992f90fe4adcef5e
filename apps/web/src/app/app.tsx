import { AppProviders } from './providers';
import { AppRouter } from './router';

export function App() {
  return (
    <AppProviders>
      <div className="kb-app">
        <AppRouter />
      </div>
    </AppProviders>
  );
}
