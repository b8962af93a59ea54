import { redirect } from 'react-router';

/**
 * A page asked at an address it no longer has (an earlier address, the other kind, its id): a permanent
 * redirect to its own `path`, with the query string it was asked with. A form's POST (the report form of a
 * poster printed before a rename) gets 308, which browsers and React Router's `<Form>` follow with the same
 * method and body: a 301 turned it into a GET and the report was lost. `no-cache`: the address may become a
 * page's own again one day, so browsers ask before following it again.
 */
export function redirectToMovedPage(request: Request, path: string): Response {
  const keepsMethod = request.method !== 'GET' && request.method !== 'HEAD';
  return redirect(`${path}${new URL(request.url).search}`, {
    status: keepsMethod ? 308 : 301,
    headers: { 'Cache-Control': 'no-cache' },
  });
}
