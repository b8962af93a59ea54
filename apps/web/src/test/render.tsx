import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';

// jsdom lays nothing out and has no `scrollIntoView`, which the pages call to bring a field or a panel into
// view: there is nothing to scroll here.
if (typeof Element !== 'undefined') Element.prototype.scrollIntoView ??= () => {};

// Queries by role skip their check that each element is visible to assistive technology: under jsdom it
// reads the computed style of every element and its ancestors against all of MUI's style rules, a third of
// the CPU of the owner's forms' tests. What these pages keep out of sight they do not draw at all (closed
// details and panels, dialogs), so no hidden element is found in its place.
configure({ defaultHidden: true });

/** A user typing and clicking. No pause between keys: a dish's name typed key by key took seconds. */
export function testUser() {
  return userEvent.setup({ delay: null });
}

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
  const user = testUser();
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, user, router, queryClient };
}
