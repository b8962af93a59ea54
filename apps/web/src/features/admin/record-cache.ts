import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { RaRecord } from 'react-admin';

/**
 * Puts a record a write answered (with its new ETag) where react-admin's pages read it: its edit form
 * follows (keeping what the admin has typed, `resetOptions: { keepDirtyValues: true }`), and its next save
 * is based on the version this write made, not refused as stale.
 */
export function useReplaceRecord(resource: string): (record: RaRecord) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (record: RaRecord) => {
      // react-admin's key of `getOne` (ra-core's useGetOne), without `meta`.
      queryClient.setQueryData([resource, 'getOne', { id: String(record.id) }], record);
    },
    [queryClient, resource],
  );
}
