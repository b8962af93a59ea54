import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { CreateButton, ExportButton, TopToolbar, useNotify } from 'react-admin';
import { apiRequest, isApiError } from '../../lib/api-client';
import { useSession } from '../session/use-session';
import { Can } from './ability-context';

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

const ROUTES = { establishments: 'exportEstablishments', 'restaurant-owners': 'exportOwners' } as const;

/** "Exporter en CSV" and "Exporter en XLSX": the server's streaming exports, saved as a download. */
export function ExportButtons({ route }: { route: keyof typeof ROUTES }) {
  const { state } = useSession();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);

  const download = async (format: 'csv' | 'xlsx') => {
    setBusy(true);
    try {
      let disposition: string | null = null;
      const blob = (await apiRequest(ROUTES[route], {
        token: state.token ?? undefined,
        query: { format },
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
      <Button size="small" startIcon={<DownloadIcon />} disabled={busy} onClick={() => void download('csv')}>
        Exporter en CSV
      </Button>
      <Button size="small" startIcon={<DownloadIcon />} disabled={busy} onClick={() => void download('xlsx')}>
        Exporter en XLSX
      </Button>
    </>
  );
}

/**
 * The toolbar of a list exported by react-admin in the browser (its rows as they are listed): « Créer »,
 * which hides itself without the permission, and « Exporter », shown only with `export` on `subject`
 * (react-admin's button checks nothing).
 */
export function CreateAndExportActions({ subject }: { subject: 'admin' | 'group' }) {
  return (
    <TopToolbar>
      <CreateButton />
      <Can I="export" a={subject}>
        <ExportButton />
      </Can>
    </TopToolbar>
  );
}
