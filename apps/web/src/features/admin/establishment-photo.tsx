import FacebookIcon from '@mui/icons-material/Facebook';
import UploadIcon from '@mui/icons-material/Upload';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { Confirm, useNotify, useRecordContext, useRefresh } from 'react-admin';
import type { Establishment } from '@tables-voisines/contract/schemas/establishment';
import { ACCEPTED_IMAGE_TYPES, MAX_UPLOAD_BYTES } from '@tables-voisines/contract/schemas/establishment';
import { apiRequest, isApiError } from '../../lib/api-client';
import { establishmentPhotoAlt } from '../../lib/format';
import { patchEstablishmentRoute, prepareUploadRoute, shareEstablishmentRoute } from '../../lib/api-routes';
import { useSession } from '../session/use-session';
import { Can } from './ability-context';

/** PUT of the file to the prepared address, reporting progress (fetch cannot report upload progress). */
export function putWithProgress(
  url: string,
  file: Blob,
  onProgress: (fraction: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', url);
    request.setRequestHeader('Content-Type', file.type);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) resolve();
      else {
        let message = `L’envoi a échoué (statut ${request.status}).`;
        try {
          message = (JSON.parse(request.responseText) as { message?: string }).message ?? message;
        } catch {
          // not JSON
        }
        reject(new Error(message));
      }
    };
    request.onerror = () => reject(new Error('L’envoi a échoué : le serveur est injoignable.'));
    request.send(file);
  });
}

/** Photo tab: upload (prepare-upload, PUT with progress, then set the photo) and share on Facebook. */
export function EstablishmentPhotoPanel() {
  const record = useRecordContext<Establishment>();
  const { state } = useSession();
  const notify = useNotify();
  const refresh = useRefresh();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  /*
   * Why the last upload failed, shown beside the button until the next try. Not a notification:
   * react-admin shows one at a time and queues the rest, and nothing here can close the one on screen, so
   * an upload that then succeeded left the refusal showing and its own « Photo enregistrée. » waiting.
   */
  const [failure, setFailure] = useState<string | null>(null);
  const [sharing, setSharing] = useState(false);
  // A photo already shared is posted again only once the admin has said so: a second post on the page.
  const [confirmingShare, setConfirmingShare] = useState(false);
  if (!record) return null;
  const token = state.token ?? undefined;

  const upload = async (file: File) => {
    // A new try replaces the last one's refusal at once, and a success leaves none behind.
    setFailure(null);
    if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type)) {
      setFailure('Format non accepté : JPEG, PNG ou WebP.');
      return;
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      setFailure('Fichier trop lourd : 10 Mo au plus.');
      return;
    }
    setProgress(0);
    try {
      const prepared = await apiRequest(prepareUploadRoute, {
        token,
        body: { contentType: file.type, size: file.size },
      });
      await putWithProgress(prepared.uploadUrl, file, setProgress);
      await apiRequest(patchEstablishmentRoute, {
        token,
        params: { id: record.id },
        body: { photo: { url: prepared.url } },
      });
      notify('Photo enregistrée.', { type: 'success' });
      refresh();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'L’envoi a échoué.');
    } finally {
      setProgress(null);
    }
  };

  const share = async () => {
    setConfirmingShare(false);
    setSharing(true);
    try {
      await apiRequest(shareEstablishmentRoute, { token, params: { id: record.id } });
      notify('Photo partagée sur Facebook.', { type: 'success' });
      refresh();
    } catch (error) {
      notify(isApiError(error) ? error.message : 'Le partage a échoué.', { type: 'error' });
    } finally {
      setSharing(false);
    }
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 560 }}>
      {record.photo === null ? (
        <Alert severity="info">Aucune photo pour cet établissement.</Alert>
      ) : (
        <Box
          component="img"
          src={record.photo.url}
          alt={establishmentPhotoAlt(record.name)}
          sx={{ maxWidth: '100%', maxHeight: 320, objectFit: 'cover', borderRadius: 1 }}
        />
      )}
      <Can I="update" a="establishment">
        <Box>
          <input
            ref={input}
            type="file"
            accept={ACCEPTED_IMAGE_TYPES.join(',')}
            hidden
            aria-label="Fichier de la photo"
            data-testid="photo-file"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void upload(file);
            }}
          />
          <Button
            variant="outlined"
            startIcon={<UploadIcon />}
            disabled={progress !== null}
            onClick={() => input.current?.click()}
          >
            {record.photo === null ? 'Ajouter une photo' : 'Remplacer la photo'}
          </Button>
          {progress !== null && (
            <Box sx={{ mt: 1 }}>
              <LinearProgress
                variant="determinate"
                value={Math.round(progress * 100)}
                aria-label="Envoi de la photo"
              />
              <Typography variant="body2">Envoi : {Math.round(progress * 100)} %</Typography>
            </Box>
          )}
          {failure !== null && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {failure}
            </Alert>
          )}
        </Box>
      </Can>
      {record.photo !== null && (
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          {record.photo.isFacebookShared ? (
            <Chip color="success" icon={<FacebookIcon />} label="Partagée sur Facebook" />
          ) : (
            <Chip variant="outlined" label="Pas encore partagée" />
          )}
          <Can I="share" a="establishment">
            <Button
              variant="contained"
              startIcon={<FacebookIcon />}
              disabled={sharing}
              onClick={() => (record.photo?.isFacebookShared ? setConfirmingShare(true) : void share())}
            >
              {record.photo.isFacebookShared ? 'Partager à nouveau sur Facebook' : 'Partager sur Facebook'}
            </Button>
            <Confirm
              isOpen={confirmingShare}
              title="Partager à nouveau cette photo ?"
              content="Elle a déjà été publiée sur la page Facebook : une nouvelle publication y sera faite."
              confirm="Publier à nouveau"
              cancel="Annuler"
              onConfirm={() => void share()}
              onClose={() => setConfirmingShare(false)}
            />
          </Can>
        </Box>
      )}
    </Box>
  );
}
