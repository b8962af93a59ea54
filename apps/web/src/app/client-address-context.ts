import { createContext } from 'react-router';

/**
 * The visitor's address as the API process knows it (Fastify's `request.ip`: X-Forwarded-For only from the
 * proxies TRUST_PROXY trusts), set on each request's `RouterContextProvider` and re-exported by the server
 * entry like `publicDataContext`. Actions count what a visitor sends per address with it (reports of a wrong
 * page); `null` where no visitor asked (the static export).
 */
export const clientAddressContext = createContext<string | null>(null);
