import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import {
  KINDS,
  KIND_LABELS,
  VENUE_TYPES,
  VENUE_TYPE_LABELS,
  type Kind,
  type VenueType,
} from '@tables-voisines/contract/schemas/establishment';
import type { MenuBoard } from '@tables-voisines/contract/schemas/menu-board';
import { establishmentPath } from '@tables-voisines/contract/site-paths';
import { formatEuros } from '../../lib/format';
import { visuallyHidden } from '../../lib/visually-hidden';
import { CategoryFilter } from './category-filter';
import { menuBoardsInView, pointsInView } from './map-filters';
import type { MapPoint } from './map-points';
import { MIN_DETAIL_ZOOM, DEFAULT_ZOOM } from './map-rules';
import { useMapState, useMapStore } from './map-store';
import { useVisibleMapData } from './use-visible-map-data';
import { circleContainsPoint } from '@tables-voisines/contract/geo';

const PAGE_SIZE = 30;
/** The main orange fails AA as text on white: buttons use its dark variant. */
const readableButton = { color: 'primary.dark', borderColor: 'primary.dark' } as const;
const KIND_CHIP_LABELS: Record<Kind, string> = { restaurant: 'Restaurants', remplisvert: 'Remplis vert' };

function toggle<T>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

function plural(n: number, one: string, many: string): string {
  return `${n.toLocaleString('fr-FR')} ${n > 1 ? many : one}`;
}

function SearchField() {
  const store = useMapStore();
  const query = useMapState((s) => s.filters.query);
  const [value, setValue] = useState(query);
  useEffect(() => {
    const timer = window.setTimeout(
      () => store.dispatch({ type: 'filtersChanged', filters: { query: value } }),
      150,
    );
    return () => window.clearTimeout(timer);
  }, [store, value]);
  return (
    <TextField
      type="search"
      size="small"
      fullWidth
      label="Rechercher"
      placeholder="Un restaurant, une ville..."
      value={value}
      onChange={(event) => setValue(event.target.value)}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon aria-hidden="true" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

function FilterChips() {
  const store = useMapStore();
  const filters = useMapState((s) => s.filters);
  const change = (next: Partial<typeof filters>) => store.dispatch({ type: 'filtersChanged', filters: next });
  const chip = (label: string, selected: boolean, onClick: () => void) => (
    <Chip
      key={label}
      label={label}
      size="small"
      color={selected ? 'primary' : 'default'}
      variant={selected ? 'filled' : 'outlined'}
      aria-pressed={selected}
      onClick={onClick}
    />
  );
  return (
    <Box role="group" aria-label="Filtres" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75 }}>
      {chip('Ouvert maintenant', filters.openNow, () => change({ openNow: !filters.openNow }))}
      {KINDS.map((kind) =>
        chip(KIND_CHIP_LABELS[kind], filters.kinds.includes(kind), () =>
          change({ kinds: toggle(filters.kinds, kind) }),
        ),
      )}
      {VENUE_TYPES.map((type: VenueType) =>
        chip(VENUE_TYPE_LABELS[type], filters.venueTypes.includes(type), () =>
          change({ venueTypes: toggle(filters.venueTypes, type) }),
        ),
      )}
    </Box>
  );
}

function GroupBanner({ points }: { points: readonly MapPoint[] }) {
  const group = useMapState((s) => s.currentGroup);
  const members = useMemo(() => {
    if (group === null) return [];
    const center = { latitude: group.latitude, longitude: group.longitude };
    return points
      .filter((p) => circleContainsPoint(center, group.radius, p.location))
      .sort((a, b) => a.name.localeCompare(b.name, 'fr'));
  }, [group, points]);
  if (group === null) return null;
  return (
    <Paper
      component="section"
      aria-labelledby="groupe-courant"
      elevation={0}
      data-testid="current-group"
      sx={{ p: 2, borderRadius: 2, bgcolor: '#fff4ee', border: '2px solid #f06023' }}
    >
      <Typography id="groupe-courant" component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {group.name}
      </Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {plural(members.length, 'membre', 'membres')} dans un rayon de {group.radius.toLocaleString('fr-FR')}{' '}
        km
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5, columns: 2, columnGap: 2 }}>
        {members.slice(0, 12).map((m) => (
          <li key={m.id}>
            <Link component={RouterLink} to={establishmentPath(m.kind, m.uri)} variant="body2">
              {m.name}
            </Link>
          </li>
        ))}
      </Box>
      {members.length > 12 && (
        <Typography variant="body2" color="text.secondary">
          et {plural(members.length - 12, 'autre', 'autres')}
        </Typography>
      )}
    </Paper>
  );
}

function MenuBoardCard({ board }: { board: MenuBoard }) {
  const e = board.establishment;
  return (
    <Box component="li" sx={{ p: 1.5, borderRadius: 2, bgcolor: '#263238', color: '#fff' }}>
      <Typography component="h4" variant="subtitle2" sx={{ fontWeight: 700 }}>
        <Link component={RouterLink} to={establishmentPath(e.kind, e.uri)} sx={{ color: 'inherit' }}>
          {e.name}
        </Link>
      </Typography>
      <Typography variant="body2" sx={{ opacity: 0.9, mb: 0.5 }}>
        {board.title}
      </Typography>
      <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
        {board.items.map((item, i) => (
          <Box
            component="li"
            key={`${item.name}-${i}`}
            sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, fontSize: 14 }}
          >
            <span>{item.name}</span>
            <span>{formatEuros(item.price)}</span>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

function MenuBoards({ boards }: { boards: readonly MenuBoard[] }) {
  const zoom = useMapState((s) => s.zoom);
  const loading = useMapState((s) => s.refreshInProgress);
  return (
    <Box component="section" aria-labelledby="ardoises">
      <Typography id="ardoises" component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
        Ardoises du jour
      </Typography>
      <CategoryFilter />
      {zoom < MIN_DETAIL_ZOOM ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Zoomez sur une ville pour voir les ardoises du jour de ses restaurateurs.
        </Typography>
      ) : boards.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {loading
            ? 'Recherche des ardoises…'
            : 'Aucune ardoise du jour dans cette zone pour ces catégories.'}
        </Typography>
      ) : (
        <Box
          component="ul"
          role="list"
          aria-label={plural(boards.length, 'ardoise du jour', 'ardoises du jour')}
          data-testid="menu-board-list"
          sx={{ m: 0, mt: 1, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}
        >
          {boards.map((b) => (
            <MenuBoardCard key={b.id} board={b} />
          ))}
        </Box>
      )}
    </Box>
  );
}

function EstablishmentCard({ point }: { point: MapPoint }) {
  const store = useMapStore();
  const highlight = (id: string | null) => store.dispatch({ type: 'highlighted', id });
  return (
    <Box
      component="li"
      onMouseEnter={() => highlight(point.id)}
      onMouseLeave={() => highlight(null)}
      onFocus={() => highlight(point.id)}
      onBlur={() => highlight(null)}
      sx={{
        borderRadius: 2,
        border: 1,
        borderColor: 'divider',
        '&:hover, &:focus-within': { borderColor: 'primary.main', bgcolor: '#fff8f4' },
      }}
    >
      <Link
        component={RouterLink}
        to={establishmentPath(point.kind, point.uri)}
        underline="none"
        color="inherit"
        sx={{ display: 'flex', gap: 1.5, alignItems: 'center', p: 1.25, borderRadius: 2 }}
      >
        <Box
          aria-hidden="true"
          sx={{
            width: 14,
            height: 14,
            flexShrink: 0,
            bgcolor: point.kind === 'restaurant' ? '#c2410c' : '#2e7d32',
            borderRadius: point.kind === 'restaurant' ? '50%' : '2px',
            transform: point.kind === 'restaurant' ? 'none' : 'rotate(45deg)',
          }}
        />
        <Box sx={{ minWidth: 0 }}>
          <Typography component="h3" variant="body1" sx={{ fontWeight: 600 }} noWrap>
            {point.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {point.kind === 'restaurant' ? VENUE_TYPE_LABELS[point.venueType] : KIND_LABELS[point.kind]} ·{' '}
            {point.town}
          </Typography>
        </Box>
      </Link>
    </Box>
  );
}

/**
 * The map page's panel: search, filters, the current group, today's menu boards and the list of what the
 * map shows, its accessible equivalent.
 */
export function HomePanel() {
  const store = useMapStore();
  const { points, menuBoards, isLoading, isError, refetch } = useVisibleMapData();
  const bounds = useMapState((s) => s.bounds);
  const center = useMapState((s) => s.center);
  const filters = useMapState((s) => s.filters);
  const categories = useMapState((s) => s.categories);
  const [limit, setLimit] = useState(PAGE_SIZE);
  const inView = useMemo(() => pointsInView(points, bounds, center), [points, bounds, center]);
  const boardsInView = useMemo(() => menuBoardsInView(menuBoards, bounds), [menuBoards, bounds]);
  useEffect(() => setLimit(PAGE_SIZE), [bounds, filters]);
  const filtered =
    filters.query !== '' ||
    filters.openNow ||
    filters.kinds.length > 0 ||
    filters.venueTypes.length > 0 ||
    categories.length > 0;

  const status = isLoading
    ? 'Chargement des établissements…'
    : isError
      ? 'La liste des établissements n’a pas pu être chargée.'
      : inView.length === 0
        ? 'Aucun restaurant dans cette zone — dézoomez ou changez de filtres'
        : `${plural(inView.length, 'établissement', 'établissements')} dans cette zone`;

  return (
    <Box sx={{ p: 2, display: 'grid', gap: 2 }}>
      <Box>
        <Typography component="h1" variant="h6" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
          Tables Voisines{' '}
          <Box component="span" sx={visuallyHidden}>
            :{' '}
          </Box>
          <Box
            component="span"
            sx={{ display: 'block', fontSize: 15, fontWeight: 400, color: 'text.secondary' }}
          >
            les restaurateurs de votre quartier, partout en France
          </Box>
        </Typography>
      </Box>
      <SearchField />
      <FilterChips />
      <GroupBanner points={points} />
      <MenuBoards boards={boardsInView} />
      <Box component="section" aria-labelledby="liste-etablissements">
        <Typography id="liste-etablissements" component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
          Établissements sur la carte
        </Typography>
        <Typography role="status" aria-live="polite" variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {status}
        </Typography>
        {isError && (
          <Button variant="outlined" sx={readableButton} onClick={() => void refetch()}>
            Réessayer
          </Button>
        )}
        {!isLoading && !isError && inView.length === 0 && (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button
              variant="outlined"
              sx={readableButton}
              onClick={() =>
                store.dispatch({
                  type: 'viewRequested',
                  center: store.getState().defaultPosition,
                  zoom: DEFAULT_ZOOM,
                })
              }
            >
              Voir toute la France
            </Button>
            {filtered && (
              <Button
                variant="text"
                sx={readableButton}
                onClick={() =>
                  store.dispatch({
                    type: 'filtersChanged',
                    filters: { openNow: false, kinds: [], venueTypes: [] },
                  })
                }
              >
                Retirer les filtres
              </Button>
            )}
          </Box>
        )}
        {inView.length > 0 && (
          <Box
            component="ul"
            role="list"
            aria-label="Établissements affichés sur la carte"
            data-testid="establishment-list"
            sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 1 }}
          >
            {inView.slice(0, limit).map((p) => (
              <EstablishmentCard key={p.id} point={p} />
            ))}
          </Box>
        )}
        {inView.length > limit && (
          <Button
            sx={{ mt: 1, ...readableButton }}
            fullWidth
            variant="outlined"
            onClick={() => setLimit(limit + PAGE_SIZE)}
          >
            Afficher {Math.min(PAGE_SIZE, inView.length - limit)} de plus (sur{' '}
            {inView.length.toLocaleString('fr-FR')})
          </Button>
        )}
      </Box>
    </Box>
  );
}
