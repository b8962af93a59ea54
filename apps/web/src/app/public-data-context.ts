import { createContext } from 'react-router';
import type { PublicData } from '@tables-voisines/contract/public-data';

/**
 * The key under which the API process hands loaders its live reads. Created here, re-exported by the
 * server entry: the API reads it from the server build (`build.entry.module.publicDataContext`) and sets
 * it on each request's `RouterContextProvider`, so both sides hold the same key of the same react-router.
 */
export const publicDataContext = createContext<PublicData>();
