import type { PublicData, PublicSettings } from '@tables-voisines/contract/public-data';
import type { AppContext } from '../context';
import { parisDay } from '../lib/today';
import { findCategoriesByIds } from '../modules/categories/find-categories-by-ids';
import { toPublicEstablishment } from '../modules/establishments/establishments.presenter';
import { findEstablishmentByIdOrUri } from '../modules/establishments/establishments.queries';
import { findGroupsOfEstablishment } from '../modules/groups/find-groups-of-establishment';
import { findGroups, toGroup } from '../modules/groups/groups.queries';
import { findTodayMenuBoard } from '../modules/menu-boards/menu-boards.queries';

export function publicSettingsOf(config: AppContext['config']): PublicSettings {
  return {
    siteName: config.site.name,
    siteShortName: config.site.shortName,
    publicUrl: config.publicUrl,
    mapStyleUrl: config.mapStyleUrl ?? null,
    iosAppId: config.site.iosAppId,
    androidPackageId: config.site.androidPackageId,
  };
}

/** The reads of the public pages, on the live database: what React Router loaders get. */
export function createPublicData(ctx: AppContext, now: () => Date = () => new Date()): PublicData {
  const { db } = ctx;
  return {
    settings: publicSettingsOf(ctx.config),

    async getPublicEstablishment(idOrUri) {
      const row = await findEstablishmentByIdOrUri(db, idOrUri);
      return row === null || row.disabled ? null : toPublicEstablishment(row);
    },

    getTodayMenuBoard: (establishmentId) => findTodayMenuBoard(db, establishmentId, parisDay(now())),

    async getEstablishmentGroups(establishmentId) {
      const row = await findEstablishmentByIdOrUri(db, establishmentId);
      if (row === null) return [];
      const found = await findGroupsOfEstablishment(db, {
        id: row.id,
        location: { latitude: row.latitude, longitude: row.longitude },
      });
      return found.map(toGroup);
    },

    listGroups: async () => (await findGroups(db)).map(toGroup),

    getCategories: (ids) => findCategoriesByIds(db, ids, 'fr'),
  };
}
