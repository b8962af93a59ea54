import { createContext, useContext } from 'react';
import siteStylesheet from './site.css?url';

/**
 * The site's stylesheet as text, given by the server entry (entry.server.tsx) to be written in the page;
 * `null` where it cannot read it (the development server): the page then links it.
 */
export const SiteCssContext = createContext<string | null>(null);

/** Whether the page the browser loaded holds the stylesheet written in it (read once, before hydration). */
const writtenInThisPage =
  typeof document !== 'undefined' &&
  document.querySelector(`style[data-href~="${CSS.escape(siteStylesheet)}"]`) !== null;

/**
 * The site's stylesheet (fonts and public.css), small (decision 0036): written in the page's `<head>`, so
 * the first paint waits for no other request (a visitor from a search result has nothing cached; on a
 * phone's network a request costs a few hundred milliseconds). React hoists it, with `precedence`, ahead
 * of the scripts' preloads, and in the browser adopts the element it finds by its `href` (nothing is
 * hydrated nor fetched again). Linked instead when the server could not write it.
 */
export function SiteStylesheet() {
  const text = useContext(SiteCssContext);
  if (text !== null || writtenInThisPage) {
    return (
      <style href={siteStylesheet} precedence="default">
        {text ?? ''}
      </style>
    );
  }
  return <link rel="stylesheet" href={siteStylesheet} precedence="default" />;
}
