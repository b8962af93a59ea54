import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import UndoIcon from '@mui/icons-material/Undo';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import type { Photo } from '@tables-voisines/contract/schemas/establishment';
import { photoToShow, withoutPhoto, type PhotoChoice } from './establishment-form';
import { formFailure } from './form-errors';
import { FormMessage } from './owner-ui';
import { PHOTO_ACCEPT, photoFileProblem, uploadPhoto } from './upload-photo';

/**
 * The page's photo as part of « Ma page »: a chosen file is uploaded at once (with its progress), straight to
 * storage (`prepare-upload`), but it is set on the page only with the rest of the form, when the owner
 * publishes. Until then the form, the preview and the public page say or show which photo is online.
 */
export function PhotoField({
  token,
  value,
  published,
  onChange,
  error,
}: {
  token: string;
  value: PhotoChoice;
  /** The photo on the public page. */
  published: Photo;
  onChange: (choice: PhotoChoice) => void;
  /** The server's message about the photo, if it refused it. */
  error?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const shown = photoToShow(value, published);

  async function send(file: File) {
    const refused = photoFileProblem(file);
    if (refused !== null) {
      setProblem(refused);
      return;
    }
    setProblem(null);
    setProgress(0);
    try {
      onChange({ kind: 'new', url: await uploadPhoto(token, file, setProgress) });
    } catch (failure) {
      setProblem(formFailure(failure).message ?? 'La photo n’a pas pu être envoyée.');
    } finally {
      setProgress(null);
    }
  }

  const status =
    value.kind === 'new'
      ? 'Nouvelle photo, pas encore publiée : elle sera sur votre page quand vous publierez les modifications.'
      : value.kind === 'removed'
        ? 'Photo retirée : elle disparaîtra de votre page quand vous publierez les modifications.'
        : published === null
          ? 'Votre page n’a pas de photo.'
          : null;

  return (
    <Box sx={{ display: 'grid', gap: 1, justifyItems: 'start' }}>
      {shown !== null && (
        <Box
          component="img"
          src={shown.url}
          alt={shown.unpublished ? 'Nouvelle photo choisie' : 'Photo publiée'}
          sx={{
            display: 'block',
            width: '100%',
            maxWidth: 320,
            aspectRatio: '1200 / 630',
            objectFit: 'cover',
            borderRadius: 1,
            border: 1,
            borderColor: 'divider',
          }}
        />
      )}
      {status !== null && (
        <Typography variant="body2" role="status" sx={{ fontWeight: value.kind === 'published' ? 400 : 600 }}>
          {status}
        </Typography>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant="outlined"
          startIcon={<PhotoCameraIcon />}
          disabled={progress !== null}
          onClick={() => input.current?.click()}
        >
          {shown === null ? 'Choisir une photo' : 'Changer de photo'}
        </Button>
        {shown !== null && (
          <Button
            color="inherit"
            startIcon={<DeleteOutlineIcon />}
            disabled={progress !== null}
            onClick={() => {
              setProblem(null);
              onChange(withoutPhoto(published));
            }}
          >
            Retirer la photo
          </Button>
        )}
        {value.kind !== 'published' && published !== null && (
          <Button
            color="inherit"
            startIcon={<UndoIcon />}
            disabled={progress !== null}
            onClick={() => {
              setProblem(null);
              onChange({ kind: 'published' });
            }}
          >
            Garder la photo publiée
          </Button>
        )}
      </Box>
      <input
        ref={input}
        type="file"
        accept={PHOTO_ACCEPT}
        hidden
        aria-label="Photo de l’établissement"
        data-testid="photo-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file !== undefined) void send(file);
        }}
      />
      <Typography variant="body2" color="text.secondary">
        JPEG, PNG ou WebP, 10 Mo au plus. Une photo en largeur rend mieux (1200 × 630).
      </Typography>
      {progress !== null && (
        <Box sx={{ width: '100%' }}>
          <LinearProgress
            variant="determinate"
            value={Math.round(progress * 100)}
            aria-label="Envoi de la photo"
          />
          <Typography variant="body2" role="status">
            Envoi : {Math.round(progress * 100)} %
          </Typography>
        </Box>
      )}
      {problem !== null && <FormMessage message={problem} />}
      {error !== undefined && (
        <FormHelperText error role="alert">
          {error}
        </FormHelperText>
      )}
    </Box>
  );
}
