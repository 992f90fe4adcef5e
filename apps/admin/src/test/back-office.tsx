import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import type { ReactNode } from 'react';
import { vi } from 'vitest';

export interface Sent {
  method: string;
  path: string;
  body: unknown;
}

type Answer = { status: number; body: unknown } | undefined;

/**
 * The back-office API at the edge: `answer` gives the reply to a call (undefined → 404), and
 * every call made is recorded.
 */
export function stubBackOffice(answer: (call: Sent) => Answer): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = {
        method: init?.method ?? 'GET',
        path: String(url).replace(/^\/api\/admin/, ''),
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      sent.push(call);
      const reply = answer(call) ?? { status: 404, body: { error: 'not_found' } };
      return new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return sent;
}

/** Renders a page with its query client; no motion, so a closed dialog leaves at once in jsdom. */
export function renderPage(page: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ConfigProvider theme={{ token: { motion: false } }}>
        <App>{page}</App>
      </ConfigProvider>
    </QueryClientProvider>,
  );
}
