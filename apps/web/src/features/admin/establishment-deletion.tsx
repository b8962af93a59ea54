import Typography from '@mui/material/Typography';
import { useGetList, useGetOne, useRecordContext } from 'react-admin';
import type { AdminEstablishment } from '@tables-voisines/contract/schemas/establishment';
import { establishmentPath } from '@tables-voisines/contract/site-paths';
import { useAbility } from './ability-context';
import { deletionQuestion } from './establishment-delete-text';

/** The deletion question's title: the establishment named. */
export function EstablishmentDeletionTitle() {
  const record = useRecordContext<AdminEstablishment>();
  return <>{record ? `Supprimer «\u00a0${record.name}\u00a0»\u00a0?` : 'Supprimer cet établissement ?'}</>;
}

/**
 * What deleting this establishment takes with it, read when the question opens: its owner (by e-mail), its
 * boards (counted), its photo, and what its printed posters will show.
 */
export function EstablishmentDeletionContent() {
  const record = useRecordContext<AdminEstablishment>();
  const ability = useAbility();
  const ownerId = record?.restaurantOwner ?? null;
  const mayReadOwners = ability.can('read', 'restaurant-owner');
  const mayReadBoards = ability.can('read', 'menu-board');
  const { data: owner } = useGetOne(
    'restaurant-owners',
    { id: ownerId ?? '' },
    { enabled: ownerId !== null && mayReadOwners },
  );
  const { total: boards } = useGetList(
    'menu-boards',
    { filter: { establishment: record?.id }, pagination: { page: 1, perPage: 1 } },
    { enabled: record !== undefined && mayReadBoards },
  );
  if (!record) return null;
  const { lines } = deletionQuestion({
    name: record.name,
    path: establishmentPath(record.kind, record.uri),
    previousAddresses: record.previousUris.length,
    owner: ownerId === null ? null : typeof owner?.email === 'string' ? owner.email : undefined,
    boards: mayReadBoards ? boards : undefined,
    hasPhoto: record.photo !== null,
    closedForGood: record.closedForGood,
  });
  return (
    <>
      {lines.map((line) => (
        <Typography key={line} sx={{ mb: 1 }}>
          {line}
        </Typography>
      ))}
    </>
  );
}
