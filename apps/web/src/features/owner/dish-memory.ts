import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { EstablishmentDishes } from '@tables-voisines/contract/schemas/menu-board';
import { apiRequest } from '../../lib/api-client';
import { mergeOrigins } from '../dishes/dish-words';

const NO_DISHES: EstablishmentDishes = { dishes: [], meatOrigins: [] };

/** How many suggestions are shown under a dish's name. */
const SUGGESTIONS = 6;

/**
 * What the establishment served before (`GET /api/establishment/{id}/dishes`): suggestions as the owner
 * types, and the origins of meat it wrote. Read only when needed; a failure (an older server answers 404)
 * means no suggestion, never a message.
 */
export interface DishMemory {
  /** The query of the dishes whose name holds `q`. */
  query: (q: string) => {
    queryKey: readonly unknown[];
    queryFn: (context: { signal: AbortSignal }) => Promise<EstablishmentDishes>;
  };
  /** The origins of meat to offer, the last used first: this form's, then the establishment's. */
  origins: () => Promise<string[]>;
  /** An origin written in this form: offered first from now on. */
  remember: (origin: string) => void;
  /** Forgets what was read, after a board is published: its dishes are suggested next time. */
  refresh: () => void;
  queryClient: QueryClient;
  token: string;
}

export function useDishMemory(establishment: string, token: string): DishMemory {
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState<string[]>([]);
  const query = (q: string) => ({
    queryKey: ['owner', 'dishes', establishment, q] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      apiRequest('getEstablishmentDishes', {
        token,
        params: { id: establishment },
        query: q === '' ? { limit: SUGGESTIONS } : { q, limit: SUGGESTIONS },
        signal,
      }).catch(() => NO_DISHES),
  });
  return {
    query,
    async origins() {
      const read = await queryClient
        .fetchQuery({ ...query(''), staleTime: 5 * 60_000 })
        .catch(() => NO_DISHES);
      return mergeOrigins(typed, read.meatOrigins);
    },
    remember: (origin) => setTyped((list) => mergeOrigins([origin], list)),
    refresh: () => void queryClient.invalidateQueries({ queryKey: ['owner', 'dishes', establishment] }),
    queryClient,
    token,
  };
}
