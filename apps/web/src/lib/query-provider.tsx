import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

function newQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });
}

let browserClient: QueryClient | undefined;

/**
 * TanStack Query for the parts that fetch with it: the home panel, the map (its lazy chunk) and the owner
 * pages. Not in the root: the establishment page needs none of it before the map, and its code came with
 * every page (decision 0031). In the browser every provider holds the same client (one cache: the map and
 * the list share the map feed); on the server one per render.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(() =>
    typeof document === 'undefined' ? newQueryClient() : (browserClient ??= newQueryClient()),
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
