import type { Bounds } from '@tables-voisines/contract/geo';
import { boundsContains } from '@tables-voisines/contract/geo';
import {
  describeOpeningStatus,
  openingStatus,
  parisWeekTime,
  type OpeningStatus,
} from '@tables-voisines/contract/opening-hours';
import type { MapPoint } from './map-points';
import { METROPOLITAN_FRANCE } from './map-rules';
import { parisDay } from '@tables-voisines/contract/paris-time';
import { priceText } from '@tables-voisines/contract/courses';

/**
 * What the list says when it shows nothing, and the ways out it offers: the words fit why it is empty (a
 * view with no place, a search that finds nothing in France, nothing open now) and never ask to zoom out
 * when the whole of France is in view (issue 49).
 */
export interface EmptyResult {
  /** The status line (read by screen readers as the list's status). */
  text: string;
  /** A second line: when the first places open, for « Ouvert maintenant ». */
  detail: string | null;
  /** « Voir toute la France »: only when the view holds less than France and nothing is filtered. */
  showFrance: boolean;
  /** « Voir les N résultats ailleurs en France »: the filters find places, none in view. */
  showResultsElsewhere: boolean;
}

export interface EmptyResultInput {
  /** A search, a chip or a category is on. */
  filtered: boolean;
  /** The words searched, as typed. */
  query: string;
  openNow: boolean;
  /** The feed is there: `matching` is known. */
  feedThere: boolean;
  /** How many places the filters find in all of France. */
  matching: number;
  /** With « Ouvert maintenant » on and nothing open: the next opening of the places otherwise found. */
  firstOpening: OpeningStatus | null;
  bounds: Bounds | null;
  now: Date;
  /** The nearest place out of view is known: the list names it, rather than asking to zoom out. */
  nearestKnown?: boolean;
}

export function emptyResult(input: EmptyResultInput): EmptyResult {
  const franceInView = input.bounds !== null && boundsContains(input.bounds, METROPOLITAN_FRANCE);
  if (!input.filtered) {
    return {
      text: franceInView
        ? 'Aucun établissement sur la carte pour le moment'
        : input.nearestKnown === true
          ? 'Aucun établissement dans cette zone'
          : 'Aucun établissement dans cette zone — dézoomez pour en voir d’autres',
      detail: null,
      showFrance: !franceInView,
      showResultsElsewhere: false,
    };
  }
  if (input.feedThere && input.matching > 0) {
    return {
      text: input.openNow
        ? 'Rien n’est ouvert dans cette zone en ce moment'
        : 'Aucun établissement dans cette zone pour cette recherche',
      detail: null,
      showFrance: false,
      showResultsElsewhere: true,
    };
  }
  const query = input.query.trim();
  if (input.openNow && input.firstOpening !== null) {
    return {
      text: 'Rien n’est ouvert en ce moment',
      detail: firstOpeningText(input.firstOpening, input.now),
      showFrance: false,
      showResultsElsewhere: false,
    };
  }
  return {
    text:
      query !== ''
        ? `Aucun établissement ne correspond à «\u00a0${query}\u00a0»${input.openNow ? ' parmi ceux ouverts maintenant' : ''}`
        : 'Aucun établissement ne correspond à ces filtres',
    detail: null,
    showFrance: false,
    showResultsElsewhere: false,
  };
}

/** « Les premiers ouvrent demain à 7 h 30. » from « Fermé · ouvre demain à 7 h 30 ». */
function firstOpeningText(status: OpeningStatus, now: Date): string | null {
  if (status.opensAt === undefined) return null;
  const when = describeOpeningStatus(status, now).replace(/^Fermé · ouvre /, '');
  return `Les premiers ouvrent ${when}.`;
}

/** Minutes from now to an opening `openingStatus` gave. */
function minutesUntil(opensAt: NonNullable<OpeningStatus['opensAt']>, now: Date): number {
  const { day, minutes } = parisWeekTime(now);
  const [h = '0', m = '0'] = opensAt.time.split(':');
  const at = Number(h) * 60 + Number(m);
  let days: number;
  if (opensAt.date !== undefined) {
    days = Math.round(
      (Date.parse(`${opensAt.date}T00:00:00Z`) - Date.parse(`${parisDay(now)}T00:00:00Z`)) / 86_400_000,
    );
  } else {
    days = (opensAt.day - day + 7) % 7;
    if (days === 0 && at <= minutes) days = 7;
  }
  return days * 1440 + at - minutes;
}

/** The soonest opening of these places (all closed now), `null` when none will open. */
export function firstOpeningOf(points: readonly MapPoint[], now: Date): OpeningStatus | null {
  let best: OpeningStatus | null = null;
  let bestIn = Infinity;
  for (const p of points) {
    const status = openingStatus(p.openingHours, now, p.closures);
    if (status.open || status.opensAt === undefined) continue;
    const inMinutes = minutesUntil(status.opensAt, now);
    if (inMinutes < bestIn) {
      bestIn = inMinutes;
      best = status;
    }
  }
  return best;
}

/** What « Ardoises du jour » says when it shows no board, and whether it offers « Voir tous les prix ». */
export interface EmptyBoards {
  text: string;
  /** A price is given: the way out is to take it off (`maxPrice` left out, every price). */
  removePrice: boolean;
}

export function emptyBoards(input: {
  loading: boolean;
  /** Categories are chosen. */
  byCategory: boolean;
  /** « Sans… », diets or fait maison are given (the price apart). */
  byDish: boolean;
  maxPrice: number | undefined;
}): EmptyBoards {
  if (input.loading) return { text: 'Recherche des ardoises…', removePrice: false };
  if (input.maxPrice !== undefined) {
    const under = `à moins de ${priceText(input.maxPrice)}`;
    return {
      text:
        input.byDish || input.byCategory
          ? `Aucune ardoise du jour ${under} dans cette zone pour ces filtres.`
          : `Aucune ardoise du jour ${under} dans cette zone.`,
      removePrice: true,
    };
  }
  return {
    text: input.byDish
      ? 'Aucune ardoise du jour dans cette zone pour ces filtres — dézoomez ou retirez un filtre.'
      : input.byCategory
        ? 'Aucune ardoise du jour dans cette zone pour ces catégories.'
        : 'Aucune ardoise du jour dans cette zone.',
    removePrice: false,
  };
}
