import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  OWNER_ANSWER_LABELS,
  REPORT_REASON_LABELS,
  REPORT_STATUS_LABELS,
  type OwnerAnswerKind,
} from '@tables-voisines/contract/reports';
import type { OwnerReport } from '@tables-voisines/contract/schemas/report';
import { apiRequest, isApiError } from '../../lib/api-client';
import { formatFrenchDateTime } from '../../lib/format';
import { useOwnerSession } from './owner-session';
import { FormMessage, OwnerLoading, OwnerScreen } from './owner-ui';

/** The longest line an owner may give with « C’est juste » (the contract's `MAX_OWNER_NOTE_LENGTH`). */
export const MAX_NOTE = 500;

/** What the owner answered, in words: « Vous avez répondu « C’est juste » : … ». */
export function answerText(answer: NonNullable<OwnerReport['ownerAnswer']>): string {
  const said = `Vous avez répondu «\u00a0${OWNER_ANSWER_LABELS[answer.answer]}\u00a0» le ${formatFrenchDateTime(answer.at)}`;
  return answer.note === null ? `${said}.` : `${said}\u00a0: «\u00a0${answer.note}\u00a0»`;
}

/** The message of a refused answer, the note's own first when the server names it. */
function noteError(error: unknown): string | null {
  if (!isApiError(error) || !Array.isArray(error.details)) return null;
  const issue = (error.details as { path?: unknown; message?: unknown }[]).find((d) => d.path === 'note');
  return typeof issue?.message === 'string' ? issue.message : null;
}

function ReportCard({ report, token }: { report: OwnerReport; token: string }) {
  const queryClient = useQueryClient();
  const [explaining, setExplaining] = useState(false);
  const [note, setNote] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const headingId = `signalement-${report.id}`;
  const answer = useMutation({
    mutationFn: (body: { answer: OwnerAnswerKind; note: string | null }) =>
      apiRequest('answerReport', { token, params: { id: report.id }, body }),
    onSuccess: (updated) => {
      setExplaining(false);
      setNote('');
      queryClient.setQueryData<OwnerReport[]>(['owner', 'reports'], (list) =>
        list?.map((r) => (r.id === updated.id ? updated : r)),
      );
    },
  });
  const fieldError = localError ?? noteError(answer.error);

  const sendDisputed = () => {
    const line = note.trim();
    if (line === '') {
      setLocalError('Dites en une ligne pourquoi la page est juste.');
      return;
    }
    if (line.length > MAX_NOTE) {
      setLocalError(`Au plus ${MAX_NOTE} caractères.`);
      return;
    }
    setLocalError(null);
    answer.mutate({ answer: 'disputed', note: line });
  };

  return (
    <Card component="li" variant="outlined" aria-labelledby={headingId}>
      <CardContent>
        <Typography variant="h2" id={headingId} sx={{ fontSize: '1.15rem', mb: 0.5 }}>
          {REPORT_REASON_LABELS[report.reason]}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Signalé le <time dateTime={report.createdAt}>{formatFrenchDateTime(report.createdAt)}</time> · État
          : {REPORT_STATUS_LABELS[report.status]}
        </Typography>
        <Typography sx={{ mt: 1 }}>
          {report.message === null
            ? 'Le visiteur n’a pas laissé de précisions.'
            : `«\u00a0${report.message}\u00a0»`}
        </Typography>
        {report.ownerAnswer !== null && (
          <Typography sx={{ mt: 1 }} role="status">
            {answerText(report.ownerAnswer)}
          </Typography>
        )}
        {explaining ? (
          <Box
            component="form"
            noValidate
            sx={{ mt: 2 }}
            aria-label="Pourquoi la page est juste"
            onSubmit={(event) => {
              event.preventDefault();
              sendDisputed();
            }}
          >
            <TextField
              label="En une ligne, pourquoi la page est juste"
              value={note}
              onChange={(event) => setNote(event.target.value)}
              required
              fullWidth
              multiline
              minRows={2}
              autoFocus
              error={fieldError !== null}
              helperText={fieldError ?? `${note.trim().length} / ${MAX_NOTE} caractères`}
              slotProps={{ htmlInput: { maxLength: MAX_NOTE + 50 } }}
            />
            <Stack direction="row" spacing={1} sx={{ mt: 1.5, flexWrap: 'wrap', rowGap: 1 }}>
              <Button type="submit" variant="contained" disabled={answer.isPending}>
                Envoyer ma réponse
              </Button>
              <Button
                onClick={() => {
                  setExplaining(false);
                  setLocalError(null);
                }}
              >
                Annuler
              </Button>
            </Stack>
          </Box>
        ) : (
          <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }}>
            <Button
              variant="outlined"
              disabled={answer.isPending}
              onClick={() => answer.mutate({ answer: 'fixed', note: null })}
            >
              C’est corrigé
            </Button>
            <Button variant="outlined" disabled={answer.isPending} onClick={() => setExplaining(true)}>
              C’est juste
            </Button>
          </Stack>
        )}
        {answer.isError && fieldError === null && (
          <Box sx={{ mt: 1.5 }}>
            <FormMessage
              message={
                isApiError(answer.error) ? answer.error.message : 'La réponse n’a pas pu être envoyée.'
              }
            />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}

/** « Signalements »: what visitors reported about the owner's page, and its answer to each. */
export function ReportsPage() {
  const { owner, token } = useOwnerSession();
  const id = owner?.establishment ?? null;
  const reports = useQuery({
    queryKey: ['owner', 'reports'],
    enabled: id !== null && token !== null,
    queryFn: ({ signal }) =>
      apiRequest('listEstablishmentReports', { token: token!, params: { id: id! }, signal }),
  });

  return (
    <OwnerScreen
      title="Signalements"
      intro="Les erreurs que des visiteurs ont signalées sur votre page, la plus récente en premier. Dites à l’équipe si vous l’avez corrigée ou si la page est juste."
    >
      {reports.isError && (
        <FormMessage message="Les signalements n’ont pas pu être chargés. Veuillez réessayer." />
      )}
      {reports.data === undefined && !reports.isError && <OwnerLoading />}
      {reports.data?.length === 0 && <Typography>Aucun signalement sur votre page.</Typography>}
      <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {reports.data?.map((report) => (
          <ReportCard key={report.id} report={report} token={token!} />
        ))}
      </Stack>
    </OwnerScreen>
  );
}
