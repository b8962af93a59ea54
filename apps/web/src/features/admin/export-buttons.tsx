import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { CreateButton, ExportButton, TopToolbar, useListContext, useNotify } from 'react-admin';
import { apiRequest, isApiError } from '../../lib/api-client';
import { formatCount } from '../../lib/format';
import { useSession } from '../session/use-session';
import { Can } from './ability-context';
import { establishmentFilterQuery } from './providers/establishments.provider';
import { ownerFilterQuery } from './providers/owners.provider';
import { filterText } from './providers/provider-kit';

/** The file name from `Content-Disposition` (RFC 6266 `filename*` first), or a fallback. */
export function fileNameFrom(disposition: string | null, fallback: string): string {
  if (disposition === null) return fallback;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (extended?.[1] !== undefined) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain?.[1]?.trim() ?? fallback;
}

const ROUTES = {
  establishments: 'exportEstablishments',
  'restaurant-owners': 'exportOwners',
  groups: 'exportGroups',
} as const;
type ExportedList = keyof typeof ROUTES;

/** What a list's rows are called, one and many (« l’établissement », « établissements »). */
const NOUNS: Readonly<Record<ExportedList, { one: string; many: string }>> = {
  establishments: { one: 'l’établissement', many: 'établissements' },
  'restaurant-owners': { one: 'le restaurateur', many: 'restaurateurs' },
  groups: { one: 'le groupe', many: 'groupes' },
};

/** The list's filters as its export reads them: the same as its page's (the file holds what it shows). */
export function exportFilterQuery(
  route: ExportedList,
  filter: Record<string, unknown> | undefined,
): Record<string, unknown> {
  const query: Record<string, unknown> =
    route === 'establishments'
      ? establishmentFilterQuery(filter)
      : route === 'restaurant-owners'
        ? ownerFilterQuery(filter)
        : { q: filterText(filter, 'q') };
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined));
}

/**
 * The button's words: « Exporter les 14 établissements affichés », « Exporter l’établissement affiché »;
 * without a known total, « Exporter les établissements affichés ».
 */
export function exportLabel(route: ExportedList, total: number | undefined): string {
  const noun = NOUNS[route];
  if (total === 1) return `Exporter ${noun.one} affiché`;
  const count = total === undefined ? '' : `${formatCount(total)} `;
  return `Exporter les ${count}${noun.many} affichés`;
}

/**
 * « Exporter les 14 établissements affichés », then CSV or XLSX: the server's streaming export of what the
 * list shows (its filters sent along), saved as a download. One button, so that it says what the file holds
 * and still fits a phone's toolbar.
 */
export function ExportButtons({ route }: { route: ExportedList }) {
  const { state } = useSession();
  const notify = useNotify();
  const { filterValues, total } = useListContext();
  const [busy, setBusy] = useState(false);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = `export-${route}`;

  const download = async (format: 'csv' | 'xlsx') => {
    setAnchor(null);
    setBusy(true);
    try {
      let disposition: string | null = null;
      const query = { ...exportFilterQuery(route, filterValues), format };
      const blob = (await apiRequest(ROUTES[route], {
        token: state.token ?? undefined,
        query: query as never,
        responseType: 'blob',
        onResponse: (response) => {
          disposition = response.headers.get('Content-Disposition');
        },
      })) as unknown as Blob;
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = fileNameFrom(disposition, `${route}.${format}`);
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      notify(isApiError(error) ? error.message : 'L’export a échoué.', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button
        size="small"
        startIcon={<DownloadIcon />}
        disabled={busy || total === 0}
        aria-haspopup="menu"
        aria-controls={anchor === null ? undefined : menuId}
        aria-expanded={anchor !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {exportLabel(route, total)}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => void download('csv')}>En CSV (tableur, séparateur «&nbsp;;&nbsp;»)</MenuItem>
        <MenuItem onClick={() => void download('xlsx')}>En XLSX (Excel)</MenuItem>
      </Menu>
    </>
  );
}

/**
 * The toolbar of a short list: « Créer », which hides itself without the permission, and its export, shown
 * only with `export` on `subject` (react-admin's button checks nothing): the server's for groups,
 * react-admin's in the browser for administrators (their rows as they are listed).
 */
export function CreateAndExportActions({ subject }: { subject: 'admin' | 'group' }) {
  return (
    <TopToolbar>
      <CreateButton />
      <Can I="export" a={subject}>
        {/* Groups: the server's French CSV and XLSX, as the establishments' (semicolons, decimal commas). */}
        {subject === 'group' ? <ExportButtons route="groups" /> : <ExportButton />}
      </Can>
    </TopToolbar>
  );
}
