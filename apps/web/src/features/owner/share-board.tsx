import PrintIcon from '@mui/icons-material/Print';
import ShareIcon from '@mui/icons-material/Share';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { buildPath } from '@tables-voisines/contract/route-table';
import { routeTable } from '@tables-voisines/contract/route-table';
import { apiRequest, isApiError } from '../../lib/api-client';

/*
 * « Partager l’ardoise » and « Imprimer l’ardoise » (issue 54, point 4), shown once the day's board is online:
 * the board's picture (`GET /api/establishment/{id}/menuboard.png`, drawn by the server) through the phone's
 * share sheet where the browser can share files, downloaded elsewhere; and the same picture alone on an A4
 * page for the window, beside the poster of « Mon espace ».
 */

/** The print's element: everything else of the page is hidden while it prints. */
const PRINT_ID = 'ardoise-a-imprimer';

/** The picture's file name: « ardoise-la-marmite-2026-12-04.png ». */
export function boardPictureFileName(uri: string, date: string): string {
  return `ardoise-${uri}-${date}.png`;
}

/** The picture's address, `format` square (shared and printed). */
export function boardPicturePath(establishmentId: string, date: string): string {
  const path = buildPath(routeTable.getEstablishmentMenuBoardPicture.path, { id: establishmentId });
  return `${path}?${new URLSearchParams({ date, format: 'square' }).toString()}`;
}

type Outcome = { text: string; severity: 'success' | 'error' } | null;

/**
 * Shares `file` through the share sheet when the browser can share files (phones), else saves it as a
 * download. Says which it did: `'shared'`, `'cancelled'` (the owner closed the sheet) or `'downloaded'`.
 */
export async function shareOrDownload(
  file: File,
  share: { title: string; text: string },
): Promise<'shared' | 'cancelled' | 'downloaded'> {
  const nav = navigator as Navigator & { canShare?: (data: ShareData) => boolean };
  if (typeof nav.share === 'function' && nav.canShare?.({ files: [file] }) === true) {
    try {
      await nav.share({ files: [file], title: share.title, text: share.text });
      return 'shared';
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return 'cancelled';
      // Refused by the browser (no user gesture left, a policy): the download still gives the picture.
    }
  }
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return 'downloaded';
}

export function ShareBoard({
  establishment,
  date,
  version,
}: {
  establishment: { id: string; name: string; uri: string };
  /** The board's day, in Paris. */
  date: string;
  /** The board's `ETag`: a new version prints the new picture, not the one the browser kept. */
  version: string | null;
}) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [printing, setPrinting] = useState(false);

  async function share() {
    setBusy(true);
    setOutcome(null);
    try {
      const blob = (await apiRequest('getEstablishmentMenuBoardPicture', {
        params: { id: establishment.id },
        query: { date, format: 'square' },
        responseType: 'blob',
      })) as unknown as Blob;
      // The bytes, not the blob: a file made of another realm's blob is not read as one everywhere.
      const file = new File([await blob.arrayBuffer()], boardPictureFileName(establishment.uri, date), {
        type: 'image/png',
      });
      const done = await shareOrDownload(file, {
        title: `Ardoise du jour — ${establishment.name}`,
        text: `L’ardoise du jour de ${establishment.name}`,
      });
      if (done === 'downloaded') {
        setOutcome({
          text: 'L’image de l’ardoise est enregistrée dans vos téléchargements : publiez-la où vous voulez.',
          severity: 'success',
        });
      }
    } catch (error) {
      setOutcome({
        text: isApiError(error)
          ? error.message
          : 'L’image de l’ardoise n’a pas pu être préparée. Réessayez dans un instant.',
        severity: 'error',
      });
    } finally {
      setBusy(false);
    }
  }

  // The print starts once the picture is loaded, and the page comes back after it.
  useEffect(() => {
    if (!printing) return undefined;
    const done = () => setPrinting(false);
    window.addEventListener('afterprint', done);
    return () => window.removeEventListener('afterprint', done);
  }, [printing]);

  const pictureUrl = `${boardPicturePath(establishment.id, date)}${version === null ? '' : `&v=${encodeURIComponent(version)}`}`;

  return (
    <Box component="section" aria-labelledby="partager-ardoise" sx={{ mt: 3, display: 'grid', gap: 1 }}>
      <Typography id="partager-ardoise" variant="h2">
        Faire connaître l’ardoise
      </Typography>
      <Typography color="text.secondary">
        Une image de l’ardoise, avec un QR code vers votre page, à publier sur vos réseaux ou à afficher en
        vitrine.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button variant="outlined" startIcon={<ShareIcon />} disabled={busy} onClick={() => void share()}>
          {busy ? 'Préparation de l’image…' : 'Partager l’ardoise'}
        </Button>
        <Button variant="outlined" startIcon={<PrintIcon />} onClick={() => setPrinting(true)}>
          Imprimer l’ardoise
        </Button>
      </Stack>
      <Box role="status">{outcome !== null && <Alert severity={outcome.severity}>{outcome.text}</Alert>}</Box>
      {printing && (
        <>
          <GlobalStyles
            styles={{
              '@page': { size: 'A4 portrait', margin: '12mm' },
              [`#${PRINT_ID}`]: { display: 'none' },
              '@media print': {
                'body *': { visibility: 'hidden' },
                [`#${PRINT_ID}, #${PRINT_ID} *`]: { visibility: 'visible' },
                [`#${PRINT_ID}`]: {
                  display: 'flex !important',
                  position: 'fixed',
                  inset: 0,
                  alignItems: 'center',
                  justifyContent: 'center',
                },
              },
            }}
          />
          <Box id={PRINT_ID}>
            <img
              src={pictureUrl}
              alt={`Ardoise du jour de ${establishment.name}`}
              style={{ width: '100%', maxHeight: '100%', objectFit: 'contain' }}
              onLoad={() => window.print()}
              onError={() => {
                setPrinting(false);
                setOutcome({
                  text: 'L’image de l’ardoise n’a pas pu être préparée pour l’impression. Réessayez dans un instant.',
                  severity: 'error',
                });
              }}
            />
          </Box>
        </>
      )}
    </Box>
  );
}
