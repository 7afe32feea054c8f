import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ShellTheme } from './shell-theme.tsx';

// Server state lives here rather than in the entry chunk: the public pages do not need it yet.
const queryClient = new QueryClient({
  defaultOptions: {
    // The HTTP client already shows a toast for every failure; retrying would repeat it.
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

/** Providers of the login and back-office chunks: Ant Design's theme and locale, and the query client. */
export function ShellProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ShellTheme>{children}</ShellTheme>
    </QueryClientProvider>
  );
}
