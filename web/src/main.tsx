import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Provider as JotaiProvider } from 'jotai';
import { BrowserRouter } from 'react-router';
import { STALE_TIMES_MS } from '@openyard/contracts';
import { ApiError } from './api/http';
import { App } from './app/components/App';
import { theme } from './app/utils/theme';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: STALE_TIMES_MS.default,
      // Operators keep screens open for a shift; refresh on purpose, not on every focus change.
      refetchOnWindowFocus: false,
      // A 4xx will not change by asking again; one retry for a server or network hiccup.
      retry: (failureCount, error) =>
        !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 1,
    },
    mutations: { retry: false },
  },
});

const root = document.getElementById('root');
if (!root) throw new Error('Openyard: #root element missing from index.html');

createRoot(root).render(
  <StrictMode>
    <JotaiProvider>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <MantineProvider theme={theme} defaultColorScheme="dark">
            <ModalsProvider>
              <Notifications position="top-right" limit={4} />
              <App />
            </ModalsProvider>
          </MantineProvider>
        </BrowserRouter>
      </QueryClientProvider>
    </JotaiProvider>
  </StrictMode>,
);
