import { createAdminAccount, createOwnerAccount } from './accounts';
import type { TestApp } from './app';
import { createCategory, createEstablishment } from './factories';

type Position = { latitude: number; longitude: number };

/**
 * What the tests that write menu boards start from: an admin, the categories Crêpes and Desserts, `place`
 * with its owner, and another establishment at `other` with an owner of its own.
 */
export async function createBoardWriters(t: TestApp, place: Position & { name: string }, other: Position) {
  const admin = await createAdminAccount(t);
  const crepes = (await createCategory(t.db, 'Crêpes')).id;
  const desserts = (await createCategory(t.db, 'Desserts')).id;
  const placeId = (await createEstablishment(t.db, place)).id;
  const otherPlaceId = (await createEstablishment(t.db, other)).id;
  const owner = await createOwnerAccount(t, { establishmentId: placeId });
  const otherOwner = await createOwnerAccount(t, { establishmentId: otherPlaceId });
  return { admin, crepes, desserts, placeId, otherPlaceId, owner, otherOwner };
}

export type BoardWriters = Awaited<ReturnType<typeof createBoardWriters>>;
