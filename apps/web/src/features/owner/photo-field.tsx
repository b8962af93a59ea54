import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { formFailure } from './form-errors';
import { FormMessage } from './owner-ui';
import { PHOTO_ACCEPT, photoFileProblem, uploadPhoto } from './upload-photo';

/**
 * Choose a photo, watch it upload, then `onUploaded(url)` saves it on the establishment. The file goes
 * straight to storage (`prepare-upload`), never through a JSON body.
 */
export function PhotoField({
  token,
  onUploaded,
}: {
  token: string;
  onUploaded: (url: string) => Promise<void>;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [message, setMessage] = useState<{ text: string; severity: 'error' | 'success' } | null>(null);

  async function send(file: File) {
    const problem = photoFileProblem(file);
    if (problem !== null) {
      setMessage({ text: problem, severity: 'error' });
      return;
    }
    setMessage(null);
    setProgress(0);
    try {
      const url = await uploadPhoto(token, file, setProgress);
      await onUploaded(url);
      setMessage({ text: 'Photo publiée.', severity: 'success' });
    } catch (error) {
      setMessage({
        text: formFailure(error).message ?? 'La photo n’a pas pu être envoyée.',
        severity: 'error',
      });
    } finally {
      setProgress(null);
    }
  }

  return (
    <Box>
      <Button
        variant="outlined"
        startIcon={<PhotoCameraIcon />}
        disabled={progress !== null}
        onClick={() => input.current?.click()}
      >
        Choisir une photo
      </Button>
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
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        JPEG, PNG ou WebP, 10 Mo au plus. Une photo en largeur rend mieux (1200 × 630).
      </Typography>
      {progress !== null && (
        <Box sx={{ mt: 1 }}>
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
      {message !== null && (
        <Box sx={{ mt: 1 }}>
          <FormMessage message={message.text} severity={message.severity} />
        </Box>
      )}
    </Box>
  );
}
