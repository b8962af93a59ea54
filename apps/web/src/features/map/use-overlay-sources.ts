import type { GeoJSONSource, Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, type RefObject } from 'react';
import type { Group } from '@tables-voisines/contract/schemas/group';
import type { MenuBoard } from '@tables-voisines/contract/schemas/menu-board';
import type { MapPoint } from './map-points';
import { previewToGeoJson } from './map-preview';
import {
  BOARDS,
  boardsToGeoJson,
  ESTABLISHMENTS,
  GROUPS,
  groupsToGeoJson,
  pointsToGeoJson,
  PREVIEW,
  sameBoards,
  setSourceData,
  showCurrentGroup,
  type OverlayData,
} from './map-overlay';
import type { ServerClusters } from './use-server-clusters';

export interface OverlayInputs {
  /** The places of the feed shown (filtered), whether or not the map's own source draws them. */
  points: readonly MapPoint[];
  /** The feed a filter wants is on its way: its places are not known yet. */
  feedLoading: boolean;
  clusters: ServerClusters;
  groups: readonly Group[];
  currentGroup: Group | null;
  boards: readonly MenuBoard[];
}

/**
 * The overlay's sources given their data again when it changes, once the map has made them
 * (`mapInitialized`); `sent`: what each was last given, shared with the overlay's installation.
 */
export function useOverlaySources(
  mapRef: RefObject<MapLibreMap | null>,
  mapInitialized: boolean,
  sent: RefObject<OverlayData>,
  { points, feedLoading, clusters, groups, currentGroup, boards }: OverlayInputs,
): void {
  const { wanted: previewWanted, preview, current: previewCurrent, feedPoints } = clusters;

  // The server's clusters while wanted; once the map draws the feed's places instead, cleared when it has
  // drawn them (its worker clusters them meanwhile), or at once if there are none. Kept while the feed a
  // filter wants is on its way: the map is not left blank for the seconds it takes on a phone (and its
  // places are not yet known to be none). While the feed's places are still drawn (the visitor has just
  // taken the last filter off), only the current view's clusters replace them, not the last view's kept
  // while they come.
  useEffect(() => {
    const map = mapRef.current;
    if (map === null || !mapInitialized) return;
    const source = map.getSource(PREVIEW) as GeoJSONSource | undefined;
    if (previewWanted) {
      if (preview === undefined || sent.current.preview === preview) return;
      if (!previewCurrent && (sent.current.points?.length ?? 0) > 0) return;
      sent.current.preview = preview;
      source?.setData(previewToGeoJson(preview));
      return;
    }
    if (sent.current.preview === undefined || feedLoading) return;
    sent.current.preview = undefined;
    // Unless they are wanted again meanwhile (a filter on, then off).
    const clear = () => {
      if (sent.current.preview === undefined) source?.setData(previewToGeoJson(undefined));
    };
    if (points.length > 0) map.once('idle', clear);
    else clear();
  }, [mapRef, sent, mapInitialized, previewWanted, preview, previewCurrent, points, feedLoading]);

  // Establishments: the filtered feed into the clustered source. Emptied once the server's clusters are drawn
  // in its place, when the map has drawn them.
  useEffect(() => {
    const map = mapRef.current;
    if (map === null || !mapInitialized || sent.current.points === feedPoints) return;
    const source = map.getSource(ESTABLISHMENTS) as GeoJSONSource | undefined;
    // Emptied for the server's clusters: once the map has drawn them. Emptied because nothing passes the
    // filters: at once (waiting for 'idle' there waited for ever: a still map fires no more 'idle', and the
    // places stayed drawn under « Aucun établissement », issue 49).
    if (previewWanted && feedPoints.length === 0 && (sent.current.points?.length ?? 0) > 0) {
      if (sent.current.preview === undefined || feedLoading) return;
      sent.current.points = feedPoints;
      map.once('idle', () => {
        if (sent.current.points === feedPoints) source?.setData(pointsToGeoJson(feedPoints));
      });
      map.triggerRepaint();
      return;
    }
    sent.current.points = feedPoints;
    source?.setData(pointsToGeoJson(feedPoints));
  }, [mapRef, sent, mapInitialized, feedPoints, previewWanted, preview]);

  useEffect(() => {
    const map = mapRef.current;
    if (map === null || !mapInitialized || sent.current.groups === groups) return;
    sent.current.groups = groups;
    setSourceData(map, GROUPS, groupsToGeoJson(groups));
  }, [mapRef, sent, mapInitialized, groups]);

  useEffect(() => {
    const map = mapRef.current;
    if (map !== null && mapInitialized) showCurrentGroup(map, currentGroup);
  }, [mapRef, mapInitialized, currentGroup]);

  useEffect(() => {
    const map = mapRef.current;
    if (map === null || !mapInitialized || sameBoards(sent.current.boards, boards)) return;
    sent.current.boards = boards;
    setSourceData(map, BOARDS, boardsToGeoJson(boards));
  }, [mapRef, sent, mapInitialized, boards]);
}
