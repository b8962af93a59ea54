import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/app';
import { createEstablishment } from '../../../test/factories';

// The map's index answers with its previous build while a new one is made after a write. If that build
// fails (here: the server stopping, its database closed under it), nothing waits for it: the failure must
// not end as an unhandled rejection (CI once failed on one, a page's « À proximité » having started a build
// as its test closed the app), and the next call tries again.

describe('the map index while the server stops', () => {
  it('lets a build nobody waits for fail quietly', async () => {
    const t = await createTestApp();
    await createEstablishment(t.db, { name: 'Le Bouchon', latitude: 45.76, longitude: 4.83 });
    t.app.ctx.dataVersion.bump();
    const around = {
      latitude: 45.76,
      longitude: 4.83,
      south: 45.7,
      north: 45.8,
      west: 4.8,
      east: 4.9,
      limit: 5,
    };
    expect((await t.app.ctx.mapIndex.nearest(around)).total).toBe(1);
    // A write, then the database closed (the server stopping): the next call still answers, from the build
    // above, and starts another, which fails with nobody waiting for it.
    await createEstablishment(t.db, { name: 'Le Second', latitude: 45.761, longitude: 4.831 });
    t.app.ctx.dataVersion.bump();
    await t.close();
    expect((await t.app.ctx.mapIndex.nearest(around)).total).toBe(1);
    // Long enough for that build's first query to have failed.
    await new Promise((resolve) => setTimeout(resolve, 300));
  });
});
