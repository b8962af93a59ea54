import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';

// jsdom lays nothing out and has no `scrollIntoView`, which the pages call to bring a field or a panel into
// view: there is nothing to scroll here.
if (typeof Element !== 'undefined') Element.prototype.scrollIntoView ??= () => {};

/** A query client of its own per test: no answer cached by one test is read by the next. */
export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
}

/**
 * `page` drawn at `path` in a data router (the site's pages use its hooks: loader data, revalidation, the
 * guard against leaving unsaved changes), with TanStack Query; and a user to drive it.
 */
export function renderPage(
  page: ReactNode,
  { path = '/', queryClient = testQueryClient() }: { path?: string; queryClient?: QueryClient } = {},
) {
  const router = createMemoryRouter([{ path: '*', element: page }], { initialEntries: [path] });
  // No pause between keys: typing a dish's name key by key took seconds under jsdom.
  const user = userEvent.setup({ delay: null });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, user, router, queryClient };
}
