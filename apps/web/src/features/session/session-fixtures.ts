import type { Admin, RestaurantOwner } from '@tables-voisines/contract/schemas/account';
import { aRestaurantOwner } from '../../test/factories';

// Accounts as the API answers them, shared by the session tests.

export const testAdmin: Admin = {
  id: '10000000-0000-4000-8000-000000000001',
  username: 'camille',
  email: 'camille@tables-voisines.fr',
  permissions: [{ action: 'manage', subject: 'all' }],
  createdAt: '2026-11-01T08:00:00.000Z',
  updatedAt: '2026-11-01T08:00:00.000Z',
};

export const testOwner: RestaurantOwner = aRestaurantOwner({ id: '30000000-0000-4000-8000-000000000001' });
