import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ofName, toName } from '@tables-voisines/contract/french-names';
import { MAX_ACCESS_PROOF_LENGTH, type AccessRequest } from '@tables-voisines/contract/schemas/access';
import { apiRequest } from '../../lib/api-client';
import { formFailure } from './form-errors';
import { FormMessage } from './owner-ui';

const dateTime = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Paris',
});

/** The owner's request waiting for the team, if any: said over the claim screen. */
export function useOpenAccessRequest(token: string | null) {
  const [open, setOpen] = useState<AccessRequest | null>(null);
  useEffect(() => {
    if (token === null) return;
    const controller = new AbortController();
    apiRequest('listAccessRequests', {
      token,
      query: { status: 'open', page: 1, perPage: 1 },
      signal: controller.signal,
    })
      .then((list) => setOpen(list[0] ?? null))
      .catch(() => setOpen(null));
    return () => controller.abort();
  }, [token]);
  return [open, setOpen] as const;
}

export function OpenAccessRequestNotice({ request }: { request: AccessRequest }) {
  return (
    <FormMessage
      severity="info"
      message={`Votre demande d’accès à la page ${ofName(request.establishment.name)} (${request.establishment.town}), envoyée le ${dateTime.format(new Date(request.createdAt))}, attend la réponse de l’équipe : vous la recevrez par e-mail.`}
    />
  );
}

/**
 * « Demander l’accès »: for a page whose code cannot be mailed (no address is known), the owner tells the
 * team who it is — its account, a phone number, a line of proof — and the team links it or says why not.
 */
export function AccessRequestForm({
  establishment,
  token,
  onSent,
}: {
  establishment: { id: string; name: string };
  token: string;
  onSent: (request: AccessRequest) => void;
}) {
  const [phone, setPhone] = useState('');
  const [proof, setProof] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function send(event: React.FormEvent) {
    event.preventDefault();
    setErrors({});
    setMessage(null);
    setSending(true);
    try {
      const created = await apiRequest('createAccessRequest', {
        token,
        body: { establishmentId: establishment.id, phone, proof },
      });
      onSent(created);
    } catch (error) {
      const failure = formFailure(error);
      setErrors(failure.fields);
      setMessage(failure.message ?? (Object.keys(failure.fields).length > 0 ? null : 'L’envoi a échoué.'));
    } finally {
      setSending(false);
    }
  }

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void send(event)}
      aria-label={`Demander l’accès ${toName(establishment.name)}`}
      sx={{ display: 'grid', gap: 2, mt: 1 }}
    >
      <Typography variant="body2">
        L’équipe vérifie que vous gérez bien {establishment.name}, par exemple en appelant l’établissement,
        puis rattache la page à votre compte. Vous recevrez sa réponse par e-mail.
      </Typography>
      <TextField
        label="Votre numéro de téléphone"
        type="tel"
        autoComplete="tel"
        value={phone}
        onChange={(e) => setPhone(e.target.value)}
        error={errors.phone !== undefined}
        helperText={errors.phone ?? 'Pour que l’équipe puisse vous rappeler. Par exemple : 06 12 34 56 78'}
        required
      />
      <TextField
        label="Ce qui montre que vous gérez l’établissement"
        multiline
        minRows={3}
        value={proof}
        onChange={(e) => setProof(e.target.value)}
        error={errors.proof !== undefined}
        helperText={
          errors.proof ??
          `Votre rôle, le téléphone de l’établissement, le nom sur son extrait Kbis… (${proof.length} / ${MAX_ACCESS_PROOF_LENGTH} caractères)`
        }
        slotProps={{ htmlInput: { maxLength: MAX_ACCESS_PROOF_LENGTH } }}
        required
      />
      <Box aria-live="polite">{message !== null && <FormMessage message={message} />}</Box>
      <Box>
        <Button type="submit" variant="contained" disabled={sending}>
          Envoyer ma demande
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary">
        Une autre question ?{' '}
        <Link component={RouterLink} to="/contact" underline="always">
          Nous contacter
        </Link>
      </Typography>
    </Box>
  );
}
