import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Establishment } from '@tables-voisines/contract/schemas/establishment';
import { apiRequest } from '../../lib/api-client';
import { getEstablishmentRoute } from '../../lib/api-routes';

const key = (id: string | null) => ['owner', 'establishment', id] as const;

/** The signed-in owner's own establishment, as the API answers it to its owner. */
export function useOwnerEstablishment(id: string | null, token: string | null) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: key(id),
    enabled: id !== null && token !== null,
    queryFn: async ({ signal }) =>
      (await apiRequest(getEstablishmentRoute, {
        token: token!,
        params: { id: id! },
        signal,
      })) as Establishment,
  });
  return {
    ...query,
    /** After a save: the answer becomes the cached record. */
    replace(establishment: Establishment) {
      client.setQueryData(key(establishment.id), establishment);
    },
  };
}
