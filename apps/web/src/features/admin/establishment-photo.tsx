import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import FacebookIcon from '@mui/icons-material/Facebook';
import UndoIcon from '@mui/icons-material/Undo';
import UploadIcon from '@mui/icons-material/Upload';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Confirm, useDataProvider, useInput, useNotify, useRecordContext } from 'react-admin';
import type { Establishment } from '@tables-voisines/contract/schemas/establishment';
import { ACCEPTED_IMAGE_TYPES, MAX_UPLOAD_BYTES } from '@tables-voisines/contract/schemas/establishment';
import { apiRequest } from '../../lib/api-client';
import { establishmentPhotoAlt } from '../../lib/format';
import { useSession } from '../session/use-session';
import { Can } from './ability-context';
import { useStaleRecord } from './concurrent-edit';
import type { AdminDataProvider } from './data-provider';
import { useEstablishmentHistory } from './establishment-history';
import { DRY_RUN_MESSAGE, lastShareWasDryRun } from './photo-share';
import { useReplaceRecord } from './record-cache';

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

type PhotoValue = { url: string; isFacebookShared?: boolean } | null;

function photoOf(value: unknown): PhotoValue {
  return typeof value === 'object' && value !== null && typeof (value as { url?: unknown }).url === 'string'
    ? (value as { url: string })
    : null;
}

function PhotoImage({ url, name }: { url: string; name: string }) {
  return (
    <Box
      component="img"
      src={url}
      alt={establishmentPhotoAlt(name)}
      sx={{ maxWidth: '100%', maxHeight: 320, objectFit: 'cover', borderRadius: 1, alignSelf: 'flex-start' }}
    />
  );
}

/**
 * Whether the saved photo is on Facebook, and « Partager sur Facebook » (asked first). A share without a
 * Facebook page configured publishes nothing: the server still marks the photo as shared, so the last
 * share's history entry tells a trial from a post.
 */
export function PhotoSharePanel({ unsavedPhoto = false }: { unsavedPhoto?: boolean }) {
  const record = useRecordContext<Establishment>();
  const dataProvider = useDataProvider<AdminDataProvider>();
  const queryClient = useQueryClient();
  const replaceRecord = useReplaceRecord('establishments');
  const notify = useNotify();
  const stale = useStaleRecord();
  const { data: history } = useEstablishmentHistory(record);
  const [sharing, setSharing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  if (!record || record.photo === null) return null;
  const trial = record.photo.isFacebookShared && lastShareWasDryRun(history);
  const shared = record.photo.isFacebookShared && !trial;

  const share = async () => {
    setConfirming(false);
    setSharing(true);
    try {
      const { data, dryRun } = await dataProvider.shareEstablishment('establishments', {
        id: String(record.id),
        previousData: record,
      });
      replaceRecord(data);
      await queryClient.invalidateQueries({ queryKey: ['establishments', 'history', String(record.id)] });
      notify(dryRun ? DRY_RUN_MESSAGE : 'Photo partagée sur Facebook.', {
        type: dryRun ? 'warning' : 'success',
      });
    } catch (error) {
      if (!stale.report(error))
        notify(error instanceof Error ? error.message : 'Le partage a échoué.', { type: 'error' });
    } finally {
      setSharing(false);
    }
  };

  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
      {shared ? (
        <Chip color="success" icon={<FacebookIcon />} label="Partagée sur Facebook" />
      ) : trial ? (
        <Chip variant="outlined" label="Partage d’essai seulement : rien n’est publié sur Facebook" />
      ) : (
        <Chip variant="outlined" label="Pas encore partagée" />
      )}
      <Can I="share" a="establishment">
        <Button
          variant="contained"
          startIcon={<FacebookIcon />}
          disabled={sharing || unsavedPhoto}
          onClick={() => setConfirming(true)}
        >
          {shared ? 'Partager à nouveau sur Facebook' : 'Partager sur Facebook'}
        </Button>
        {unsavedPhoto && (
          <Typography variant="body2" color="text.secondary">
            Enregistrez d’abord la nouvelle photo pour la partager.
          </Typography>
        )}
        <Confirm
          isOpen={confirming}
          title={shared ? 'Partager à nouveau cette photo ?' : 'Partager cette photo sur Facebook ?'}
          content={
            shared
              ? 'Elle a déjà été publiée sur la page Facebook : une nouvelle publication y sera faite.'
              : 'Elle sera publiée sur la page Facebook du site, avec le nom et la ville de l’établissement et un lien vers sa page.'
          }
          confirm={shared ? 'Publier à nouveau' : 'Publier'}
          cancel="Annuler"
          onConfirm={() => void share()}
          onClose={() => setConfirming(false)}
        />
      </Can>
    </Box>
  );
}

/** The photo of a record shown read only (the show page), with its share. */
export function EstablishmentPhotoView() {
  const record = useRecordContext<Establishment>();
  if (!record) return null;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 560 }}>
      {record.photo === null ? (
        <Alert severity="info">Aucune photo pour cet établissement.</Alert>
      ) : (
        <PhotoImage url={record.photo.url} name={record.name} />
      )}
      <PhotoSharePanel />
    </Box>
  );
}

/**
 * Photo tab of the edit form: a file is uploaded at once (prepare-upload, PUT with progress) but only
 * becomes the form's `photo`, saved with the rest by «\u00a0Enregistrer\u00a0»; until then the site keeps the photo
 * it has. « Retirer la photo » empties it the same way.
 */
export function EstablishmentPhotoPanel() {
  const record = useRecordContext<Establishment>();
  // The value as the form holds it (react-admin's inputs show `null` as an empty string by default).
  const { field } = useInput({ source: 'photo', format: (value: unknown) => value });
  const { state } = useSession();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  /*
   * Why the last upload failed, shown beside the button until the next try. Not a notification:
   * react-admin shows one at a time and queues the rest, and nothing here can close the one on screen, so
   * an upload that then succeeded left the refusal showing.
   */
  const [failure, setFailure] = useState<string | null>(null);
  // The chosen file itself, shown until it is saved (the server makes its copies when it is attached).
  const [preview, setPreview] = useState<{ url: string; objectUrl: string } | null>(null);
  useEffect(() => () => (preview === null ? undefined : URL.revokeObjectURL(preview.objectUrl)), [preview]);
  if (!record) return null;

  const photo = photoOf(field.value);
  const saved = record.photo;
  const changed = (photo?.url ?? null) !== (saved?.url ?? null);
  const shownUrl = photo === null ? null : preview?.url === photo.url ? preview.objectUrl : photo.url;

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
      const prepared = await apiRequest('prepareUpload', {
        token: state.token ?? undefined,
        body: { contentType: file.type, size: file.size },
      });
      await putWithProgress(prepared.uploadUrl, file, setProgress);
      setPreview({ url: prepared.url, objectUrl: URL.createObjectURL(file) });
      field.onChange({ url: prepared.url });
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'L’envoi a échoué.');
    } finally {
      setProgress(null);
    }
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 560 }}>
      {shownUrl === null ? (
        <Alert severity="info">Aucune photo pour cet établissement.</Alert>
      ) : (
        <PhotoImage url={shownUrl} name={record.name} />
      )}
      {changed && (
        <Alert severity="warning" role="status">
          {photo === null
            ? 'Photo retirée, non enregistrée : elle restera sur le site jusqu’à «\u00a0Enregistrer\u00a0».'
            : saved === null
              ? 'Nouvelle photo, non enregistrée : elle sera sur le site après «\u00a0Enregistrer\u00a0».'
              : 'Nouvelle photo, non enregistrée : elle remplacera l’actuelle sur le site après «\u00a0Enregistrer\u00a0».'}
        </Alert>
      )}
      <Can I="update" a="establishment">
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
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
            {photo === null ? 'Ajouter une photo' : 'Remplacer la photo'}
          </Button>
          {photo !== null && (
            <Button
              variant="outlined"
              color="error"
              startIcon={<DeleteOutlineIcon />}
              disabled={progress !== null}
              onClick={() => field.onChange(null)}
            >
              Retirer la photo
            </Button>
          )}
          {changed && (
            <Button startIcon={<UndoIcon />} onClick={() => field.onChange(saved)}>
              {saved === null
                ? 'Annuler l’ajout de la photo'
                : photo === null
                  ? 'Garder la photo'
                  : 'Garder la photo enregistrée'}
            </Button>
          )}
        </Box>
        {progress !== null && (
          <Box>
            <LinearProgress
              variant="determinate"
              value={Math.round(progress * 100)}
              aria-label="Envoi de la photo"
            />
            <Typography variant="body2">Envoi : {Math.round(progress * 100)} %</Typography>
          </Box>
        )}
        {failure !== null && <Alert severity="error">{failure}</Alert>}
      </Can>
      <PhotoSharePanel unsavedPhoto={changed} />
    </Box>
  );
}
