import { createContext } from 'react-router';

/**
 * The nonce of the page's Content-Security-Policy, set by the API process on each request's
 * `RouterContextProvider` (re-exported by the server entry, like `publicDataContext`). The server entry
 * hands it to `<ServerRouter nonce>`, which puts it on every inline script React Router writes.
 */
export const cspNonceContext = createContext<string>('');
