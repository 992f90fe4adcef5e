import type { Language } from '@kabuto/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { i18n } from '../shared/i18n';

/** Renders a component as the app does: router, query client, the reader's language. */
export async function renderInApp(
  ui: ReactElement,
  options: { language?: Language; path?: string; client?: QueryClient } = {},
) {
  await i18n.changeLanguage(options.language ?? 'us');
  const client = options.client ?? new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return {
    client,
    ...render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[options.path ?? '/']}>{ui}</MemoryRouter>
      </QueryClientProvider>,
    ),
  };
}
