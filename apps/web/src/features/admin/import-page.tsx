import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { Confirm, Menu, Title, useBasename } from 'react-admin';
import type {
  EstablishmentImport,
  ImportReport,
} from '@tables-voisines/contract/schemas/establishment-import';
import { apiRequest, isApiError } from '../../lib/api-client';
import { formatShortFrenchDateTime } from '../../lib/format';
import { useSession } from '../session/use-session';
import { useAbility } from './ability-context';
import { canAccessResource } from './admin-ability';
import {
  importBlockedReason,
  importCounts,
  importResultText,
  reportSummary,
  undoQuestion,
  undoableUntilText,
  undoneText,
} from './import-report';
import { ImportDuplicatesTable, ImportErrorsTable } from './import-report-tables';
import { IMPORT_ACCEPT, uploadImport, type UploadProgress } from './import-upload';

/*
 * « Importer des établissements » (issue 52): a file dropped or chosen is sent as a dry run, its report shown
 * (to create, to update, unchanged, likely duplicates, each row's errors); « Importer » sends it again for
 * real. The last import can be undone within the hour, here and from the history below.
 */

/** The screen's route in the back office, under its basename (a custom route of AdminApp.client.tsx). */
export const IMPORT_ROUTE = 'establishments/import';

/** react-query's key of the history of imports. */
const IMPORTS_KEY = ['establishment-imports'];

type Stage =
  | { step: 'idle' }
  | { step: 'sending'; dryRun: boolean; fileName: string; progress: UploadProgress }
  | { step: 'preview'; file: File; report: ImportReport; refused?: string }
  | { step: 'imported'; fileName: string; report: ImportReport }
  | { step: 'failed'; fileName: string; message: string };

/** Whether the admin may import: create and update establishments, as the server asks. */
export function useMayImport(): { mayImport: boolean; mayUndo: boolean } {
  const ability = useAbility();
  const may = (action: string) => canAccessResource(ability, 'establishments', action);
  const mayImport = may('create') && may('update');
  return { mayImport, mayUndo: mayImport && may('delete') };
}

/**
 * The menu's « Importer un fichier », under « Établissements » (« Importer des établissements » was cut
 * at the menu's width): the import screen was otherwise only reached by the list's « Importer » button.
 * Nothing for admins who may not import.
 */
export function ImportMenuItem() {
  const basename = useBasename();
  const { mayImport } = useMayImport();
  if (!mayImport) return null;
  return (
    <Menu.Item
      to={`${basename}/${IMPORT_ROUTE}`}
      primaryText="Importer un fichier"
      leftIcon={<UploadFileIcon />}
    />
  );
}

/** The bar while a file goes (its real progress), then while the server reads it (no measure). */
function SendingProgress({ stage }: { stage: Extract<Stage, { step: 'sending' }> }) {
  const percent = stage.progress === null ? null : Math.round(stage.progress * 100);
  const label =
    percent === null
      ? stage.dryRun
        ? 'Lecture du fichier…'
        : 'Import en cours…'
      : `Envoi de «\u00a0${stage.fileName}\u00a0»\u00a0: ${percent}\u00a0%`;
  return (
    <Box sx={{ my: 2 }}>
      <Typography role="status" variant="body2" sx={{ mb: 1 }}>
        {label}
      </Typography>
      <LinearProgress
        aria-label={stage.dryRun ? 'Lecture du fichier' : 'Import'}
        variant={percent === null ? 'indeterminate' : 'determinate'}
        value={percent ?? undefined}
      />
    </Box>
  );
}

/**
 * Drop zone and « Choisir un fichier ». `compact` once a preview or a result is below it: one line, so that
 * the report comes into view.
 */
function DropZone({
  disabled,
  compact,
  onFile,
}: {
  disabled: boolean;
  compact: boolean;
  onFile: (file: File) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file !== undefined && !disabled) onFile(file);
  };
  return (
    <Box
      data-testid="import-drop-zone"
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      sx={{
        border: '2px dashed',
        borderColor: over ? 'primary.main' : 'divider',
        bgcolor: over ? 'action.hover' : 'background.default',
        borderRadius: 2,
        p: compact ? 1.5 : 3,
        textAlign: 'center',
        ...(compact && {
          display: 'flex',
          gap: 1.5,
          alignItems: 'center',
          justifyContent: 'center',
          flexWrap: 'wrap',
        }),
      }}
    >
      <UploadFileIcon aria-hidden sx={{ fontSize: compact ? 28 : 40, color: 'text.secondary' }} />
      <Typography sx={{ mb: compact ? 0 : 1.5 }}>
        {compact ? 'Un autre fichier\u00a0? Déposez-le ici, ou' : 'Déposez le fichier ici, ou'}
      </Typography>
      <Button variant="contained" disabled={disabled} onClick={() => input.current?.click()}>
        Choisir un fichier
      </Button>
      <input
        ref={input}
        type="file"
        accept={IMPORT_ACCEPT}
        hidden
        tabIndex={-1}
        aria-label="Fichier à importer"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Emptied, so that the same file chosen again (once corrected) is sent again.
          event.target.value = '';
          if (file !== undefined) onFile(file);
        }}
      />
    </Box>
  );
}

/** « Annuler cet import » with its question; what the server did or its French refusal. */
function UndoButton({
  entry,
  label,
  onUndone,
}: {
  entry: Pick<EstablishmentImport, 'id' | 'fileName' | 'created' | 'updated'>;
  label: string;
  onUndone: (message: string, ok: boolean) => void;
}) {
  const { state } = useSession();
  const [asking, setAsking] = useState(false);
  const undo = useMutation({
    mutationFn: () =>
      apiRequest('undoEstablishmentImport', { params: { id: entry.id }, token: state.token ?? undefined }),
    onSuccess: (done) => onUndone(undoneText(done), true),
    onError: (error) =>
      onUndone(isApiError(error) ? error.message : 'L’annulation a échoué : réessayez.', false),
  });
  const question = undoQuestion(entry);
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        color="error"
        disabled={undo.isPending}
        onClick={() => setAsking(true)}
      >
        {label}
      </Button>
      <Confirm
        isOpen={asking}
        title={question.title}
        content={question.content}
        confirm="Annuler l’import"
        cancel="Garder l’import"
        loading={undo.isPending}
        onConfirm={() => {
          setAsking(false);
          undo.mutate();
        }}
        onClose={() => setAsking(false)}
      />
    </>
  );
}

/** Whether an instant is still ahead, looked at again each half-minute (an undo's hour runs out). */
function useStillAhead(until: string | null | undefined): boolean {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null || until === undefined) return;
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, [until]);
  return until !== null && until !== undefined && Date.parse(until) > now;
}

/** The 20 last imports, newest first, « Annuler » beside the one that still can be. */
function ImportHistory({
  mayUndo,
  onUndone,
}: {
  mayUndo: boolean;
  onUndone: (message: string, ok: boolean) => void;
}) {
  const { state } = useSession();
  const { data, isPending, error } = useQuery({
    queryKey: IMPORTS_KEY,
    queryFn: () => apiRequest('listEstablishmentImports', { token: state.token ?? undefined }),
  });
  const now = Date.now();
  return (
    <section aria-labelledby="import-historique">
      <Typography id="import-historique" variant="h2" sx={{ mb: 1 }}>
        Derniers imports
      </Typography>
      {isPending ? (
        <Typography variant="body2">Chargement…</Typography>
      ) : error ? (
        <Typography variant="body2">La liste des imports n’a pas pu être lue.</Typography>
      ) : data.length === 0 ? (
        <Typography variant="body2">Aucun import pour l’instant.</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-labelledby="import-historique">
            <TableHead>
              <TableRow>
                {['Fichier', 'Date', 'Par', 'Établissements', 'Annulation'].map((cell) => (
                  <TableCell key={cell} component="th" scope="col">
                    {cell}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {data.map((entry) => (
                <TableRow key={entry.id}>
                  <TableCell>{entry.fileName}</TableCell>
                  <TableCell>{formatShortFrenchDateTime(entry.at)}</TableCell>
                  <TableCell>{entry.by ?? '—'}</TableCell>
                  <TableCell>{importCounts(entry)}</TableCell>
                  <TableCell>
                    {entry.undoneAt !== null ? (
                      `Annulé le ${formatShortFrenchDateTime(entry.undoneAt)}`
                    ) : entry.undoableUntil !== null && Date.parse(entry.undoableUntil) > now ? (
                      mayUndo ? (
                        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                          <UndoButton entry={entry} label="Annuler" onUndone={onUndone} />
                          <span>{undoableUntilText(entry.undoableUntil)}</span>
                        </Box>
                      ) : (
                        `Annulable ${undoableUntilText(entry.undoableUntil)}`
                      )
                    ) : (
                      '—'
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </section>
  );
}

/** The report of a dry run: counts, tables, and « Importer » (or why not). */
function Preview({
  stage,
  onImport,
  onCancel,
}: {
  stage: Extract<Stage, { step: 'preview' }>;
  onImport: () => void;
  onCancel: () => void;
}) {
  const { report, file, refused } = stage;
  const blocked = importBlockedReason(report);
  return (
    <section aria-labelledby="import-apercu">
      <Typography id="import-apercu" variant="h2" sx={{ mt: 3, mb: 1 }}>
        Aperçu de «&nbsp;{file.name}&nbsp;»
      </Typography>
      {refused !== undefined && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {refused}
        </Alert>
      )}
      <Typography data-testid="import-summary" sx={{ fontWeight: 600 }}>
        {reportSummary(report)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        Rien n’a encore été écrit.
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mt: 2 }}>
        <Button
          variant="contained"
          disabled={blocked !== null}
          aria-describedby={blocked === null ? undefined : 'import-bloque'}
          onClick={onImport}
        >
          Importer
        </Button>
        <Button onClick={onCancel}>Abandonner ce fichier</Button>
      </Box>
      {blocked !== null && (
        <Typography
          id="import-bloque"
          variant="body2"
          color={report.errors.length > 0 ? 'error' : undefined}
          sx={{ mt: 1 }}
        >
          {blocked}
        </Typography>
      )}
      <ImportErrorsTable report={report} />
      <ImportDuplicatesTable report={report} />
    </section>
  );
}

/** After a real import: what it did, and « Annuler cet import » until its hour runs out. */
function Imported({
  stage,
  mayUndo,
  onUndone,
}: {
  stage: Extract<Stage, { step: 'imported' }>;
  mayUndo: boolean;
  onUndone: (message: string, ok: boolean) => void;
}) {
  const { report, fileName } = stage;
  const until = report.import?.undoableUntil;
  const undoable = useStillAhead(until);
  return (
    <Box sx={{ mt: 3 }}>
      <Alert severity="success" role="status">
        {importResultText(report)}
      </Alert>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', mt: 2 }}>
        {mayUndo && undoable && report.import !== undefined && until !== undefined && (
          <>
            <UndoButton
              entry={{ id: report.import.id, fileName, created: report.created, updated: report.updated }}
              label="Annuler cet import"
              onUndone={onUndone}
            />
            <Typography variant="body2">Vous pouvez l’annuler {undoableUntilText(until)}.</Typography>
          </>
        )}
      </Box>
      <ImportDuplicatesTable report={report} />
    </Box>
  );
}

export function ImportPage() {
  const { state } = useSession();
  const { mayImport, mayUndo } = useMayImport();
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<Stage>({ step: 'idle' });
  const [undoMessage, setUndoMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const sending = useRef<AbortController | null>(null);
  useEffect(() => () => sending.current?.abort(), []);

  const send = async (file: File, dryRun: boolean) => {
    sending.current?.abort();
    const controller = new AbortController();
    sending.current = controller;
    setUndoMessage(null);
    setStage({ step: 'sending', dryRun, fileName: file.name, progress: 0 });
    try {
      const report = await uploadImport({
        file,
        dryRun,
        token: state.token ?? undefined,
        signal: controller.signal,
        onProgress: (progress) => setStage((now) => (now.step === 'sending' ? { ...now, progress } : now)),
      });
      if (dryRun) {
        setStage({ step: 'preview', file, report });
        return;
      }
      setStage({ step: 'imported', fileName: file.name, report });
      // The lists, the records and the dashboard's counts read before the import are stale.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['establishments'] }),
        queryClient.invalidateQueries({ queryKey: IMPORTS_KEY }),
      ]);
    } catch (error) {
      if (controller.signal.aborted) return;
      // The file changed nothing but has errors found only now (another admin's change in between): the
      // report again, with them.
      if (isApiError(error, 'ValidationError') && isReport(error.details)) {
        setStage({ step: 'preview', file, report: error.details, refused: error.message });
        return;
      }
      setStage({
        step: 'failed',
        fileName: file.name,
        message: isApiError(error) ? error.message : 'L’envoi du fichier a échoué : réessayez.',
      });
    }
  };

  const undone = (text: string, ok: boolean) => {
    setUndoMessage({ text, ok });
    if (ok && stage.step === 'imported') setStage({ step: 'idle' });
    void queryClient.invalidateQueries({ queryKey: IMPORTS_KEY });
    if (ok) void queryClient.invalidateQueries({ queryKey: ['establishments'] });
  };

  if (!mayImport)
    return (
      <Card sx={{ mt: 2 }}>
        <Title title="Importer des établissements" />
        <CardContent>
          <Typography>Importer demande les droits de créer et de modifier les établissements.</Typography>
        </CardContent>
      </Card>
    );

  return (
    <Box sx={{ mt: 2, display: 'grid', gap: 2 }}>
      <Title title="Importer des établissements" />
      <Card>
        <CardContent>
          <Typography variant="h2" sx={{ mb: 1 }}>
            Fichier à importer
          </Typography>
          <Typography component="div" variant="body2" sx={{ mb: 2 }}>
            Sont acceptés&nbsp;:
            <Box component="ul" sx={{ mt: 0.5, mb: 1, pl: 3 }}>
              <li>le CSV ou le XLSX de l’export, modifié dans un tableur&nbsp;;</li>
              <li>un export GeoJSON d’OpenStreetMap (Overpass)&nbsp;;</li>
              <li>20&nbsp;Mo et 50&nbsp;000 lignes au plus.</li>
            </Box>
            Rien n’est écrit avant que vous confirmiez&nbsp;: le fichier est d’abord lu, et un aperçu dit ce
            qu’il créera et modifiera.
          </Typography>
          <DropZone
            disabled={stage.step === 'sending'}
            compact={stage.step === 'preview' || stage.step === 'imported'}
            onFile={(file) => void send(file, true)}
          />
          {stage.step === 'sending' && <SendingProgress stage={stage} />}
          {stage.step === 'failed' && (
            <Alert severity="error" sx={{ mt: 2 }}>
              «&nbsp;{stage.fileName}&nbsp;»&nbsp;: {stage.message}
            </Alert>
          )}
          {undoMessage !== null && (
            <Alert severity={undoMessage.ok ? 'success' : 'error'} role="status" sx={{ mt: 2 }}>
              {undoMessage.text}
            </Alert>
          )}
          {stage.step === 'preview' && (
            <Preview
              stage={stage}
              onImport={() => void send(stage.file, false)}
              onCancel={() => setStage({ step: 'idle' })}
            />
          )}
          {stage.step === 'imported' && <Imported stage={stage} mayUndo={mayUndo} onUndone={undone} />}
        </CardContent>
      </Card>
      <Card>
        <CardContent>
          <ImportHistory mayUndo={mayUndo} onUndone={undone} />
        </CardContent>
      </Card>
    </Box>
  );
}

function isReport(value: unknown): value is ImportReport {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as ImportReport).errors) &&
    Array.isArray((value as ImportReport).duplicates)
  );
}
