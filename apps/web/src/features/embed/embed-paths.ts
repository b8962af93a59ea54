import type { Bounds } from '@tables-voisines/contract/geo';
import {
  KINDS,
  KIND_LABELS,
  VENUE_TYPES,
  VENUE_TYPE_LABELS,
  type Kind,
  type VenueType,
} from '@tables-voisines/contract/schemas/establishment';
import type { Group } from '@tables-voisines/contract/schemas/group';
import { EMBED_MAP_PATH } from '@tables-voisines/contract/site-paths';
import { normalizeForSearch } from '@tables-voisines/contract/text';

/*
 * The embedded map's address and its iframe code (issue 52, point 3): `/integrer/carte?groupe={id}`, with
 * `categorie` (a venue type or kind, as its slug or as the home page's chips name it) and `ville` (a town).
 */

/** What the embedded map's address asks for. */
export interface EmbedQuery {
  /** `groupe`, lower-cased; `null` when not given. */
  groupId: string | null;
  /** `categorie` as one of the chips' filters; `null` when not given or not known. */
  category: { kinds: Kind[]; venueTypes: VenueType[] } | null;
  /** `ville`, trimmed; `null` when not given. */
  town: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The names a `categorie` is known by, folded (accents, case): the slug, the singular label and the chips'
 * plural label. Given by the caller for the chips' labels, which live with the home page's chips.
 */
function categoryNames(chipLabels: {
  kinds: Record<Kind, string>;
  venueTypes: Record<VenueType, string>;
}): Map<string, EmbedQuery['category']> {
  const names = new Map<string, EmbedQuery['category']>();
  for (const type of VENUE_TYPES) {
    for (const name of [type, VENUE_TYPE_LABELS[type], chipLabels.venueTypes[type]]) {
      names.set(normalizeForSearch(name), { kinds: [], venueTypes: [type] });
    }
  }
  // After the venue types: « restaurant » is the kind (every restaurant), not the classic restaurant.
  for (const kind of KINDS) {
    for (const name of [kind, KIND_LABELS[kind], chipLabels.kinds[kind]]) {
      names.set(normalizeForSearch(name), { kinds: [kind], venueTypes: [] });
    }
  }
  return names;
}

export function parseEmbedQuery(
  params: URLSearchParams,
  chipLabels: { kinds: Record<Kind, string>; venueTypes: Record<VenueType, string> },
): EmbedQuery {
  const group = params.get('groupe')?.trim().toLowerCase() ?? '';
  const category = normalizeForSearch(params.get('categorie') ?? '').replace(/[-_]+/g, ' ');
  const known = categoryNames(chipLabels);
  const matching = [...known.entries()].find(([name]) => name.replace(/-/g, ' ') === category)?.[1];
  const town = params.get('ville')?.trim().slice(0, 100) ?? '';
  return {
    groupId: group === '' ? null : group,
    category: matching ?? null,
    town: town === '' ? null : town,
  };
}

/** Whether `id` may name a group at all (a UUID): anything else is unknown without asking. */
export const mayBeGroupId = (id: string): boolean => UUID.test(id);

/** The box around a group's circle, for the map's first view. */
export function circleBounds(group: Pick<Group, 'latitude' | 'longitude' | 'radius'>): Bounds {
  const latitudeDelta = group.radius / 111.32;
  const longitudeDelta = group.radius / (111.32 * Math.max(0.01, Math.cos((group.latitude * Math.PI) / 180)));
  return {
    southWest: { latitude: group.latitude - latitudeDelta, longitude: group.longitude - longitudeDelta },
    northEast: { latitude: group.latitude + latitudeDelta, longitude: group.longitude + longitudeDelta },
  };
}

/** The embedded map of a group, on the site's public address (no trailing slash). */
export function embedMapUrl(publicUrl: string, groupId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${EMBED_MAP_PATH}?groupe=${encodeURIComponent(groupId)}`;
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The code a group pastes into its own site: its members' map in an iframe. */
export function embedIframeCode(publicUrl: string, group: Pick<Group, 'id' | 'name'>): string {
  const src = escapeAttribute(embedMapUrl(publicUrl, group.id));
  const title = escapeAttribute(`Carte des membres de ${group.name}`);
  return `<iframe src="${src}" width="100%" height="480" style="border:0" title="${title}" loading="lazy"></iframe>`;
}
