import type { EstablishmentHistoryEntry } from '@tables-voisines/contract/schemas/establishment';

/** French words for the change history of an establishment. */

export const ACTION_LABELS: Readonly<Record<EstablishmentHistoryEntry['action'], string>> = {
  create: 'Création de la page',
  update: 'Modification',
  delete: 'Suppression',
  link: 'Rattachement à un restaurateur',
  unlink: 'Détachement du restaurateur',
  share: 'Photo partagée sur Facebook',
};

const FIELD_LABELS: Readonly<Record<string, string>> = {
  name: 'Nom',
  uri: 'Adresse de la page',
  kind: 'Type',
  venueType: 'Type d’établissement',
  description: 'Description',
  address: 'Adresse',
  street: 'Rue',
  postcode: 'Code postal',
  town: 'Ville',
  location: 'Position sur la carte',
  phone: 'Téléphone',
  email: 'E-mail',
  website: 'Site web',
  openingHours: 'Horaires',
  priceRange: 'Gamme de prix',
  categories: 'Catégories',
  photo: 'Photo',
  'photo.url': 'Photo',
  'photo.isFacebookShared': 'Photo partagée sur Facebook',
  facebookPost: 'Publication Facebook',
  disabled: 'Visibilité',
  restaurantOwner: 'Restaurateur',
  menuBoard: 'Ardoise',
};

export function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? field;
}

/** A short French rendering of a value; `null` when it is too structured to show in a line. */
export function valueText(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return 'vide';
  if (typeof value === 'string') return value.length > 80 ? `${value.slice(0, 79)}…` : value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'oui' : 'non';
  return null;
}

/** Who reads the history: an owner reads its own establishment's, an administrator any. */
export type HistoryReader = { role: 'restaurant-owner'; ownerId: string | null } | { role: 'admin' };

/** The owner a change links or unlinks, as the reader knows it: never a bare database id for an owner. */
function ownerText(value: unknown, reader: HistoryReader): string {
  if (value === null || value === undefined || value === '') return 'aucun';
  if (reader.role === 'restaurant-owner') return value === reader.ownerId ? 'vous' : 'un autre restaurateur';
  return `restaurateur n° ${String(value).slice(0, 8)}`;
}

/** One value of a change in a line: quoted when it is text the owner or the team wrote. */
function changeValue(field: string, value: unknown, reader: HistoryReader): string | null {
  if (field === 'restaurantOwner') return ownerText(value, reader);
  if (field === 'disabled' && typeof value === 'boolean') return value ? 'masquée' : 'visible';
  // A share's post: its id on Facebook, or none when the site has no Facebook settings (dry run).
  if (field === 'facebookPost' && value === 'dry-run') return 'essai, rien publié';
  const text = valueText(value);
  if (text === null || text === 'vide' || typeof value === 'boolean') return text;
  return `« ${text} »`;
}

/**
 * A change in one French line: « Nom : « Chez Léa » → « Chez Léa et Paul » », « Description : vide → « … » »,
 * « Horaires modifiés » when the values are too structured to show.
 */
export function changeText(
  change: EstablishmentHistoryEntry['changes'][number],
  reader: HistoryReader,
): string {
  const from = changeValue(change.field, change.from, reader);
  const to = changeValue(change.field, change.to, reader);
  if (from === null || to === null) return `${fieldLabel(change.field)} : modification`;
  return `${fieldLabel(change.field)} : ${from} → ${to}`;
}

/** Who made a change, as the owner reads it: itself is "vous". */
export function actorText(actor: EstablishmentHistoryEntry['actor'], ownerId: string | null): string {
  if (actor === null || actor.role === 'system') return 'modification automatique';
  if (actor.role === 'admin') return actor.name === null ? 'l’équipe' : `l’équipe (${actor.name})`;
  if (actor.id !== null && actor.id === ownerId) return 'vous';
  return actor.name ?? 'un autre restaurateur';
}
