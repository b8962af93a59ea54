import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import {
  createContext,
  Fragment,
  useCallback,
  useContext,
  useId,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import {
  DeleteButton,
  Edit,
  SaveButton,
  Toolbar,
  useEditContext,
  useNotify,
  type EditProps,
  type HttpError,
} from 'react-admin';
import { errorCodeOf, etagOf } from './providers/provider-kit';

/*
 * Edit forms that never undo someone else's change: each write sends the ETag the record was read with
 * (`If-Match`, providers/provider-kit.ts); when the server answers that the record changed meanwhile
 * (`412 PreconditionFailed`), the admin is told so, nothing was written, and « Recharger la dernière version »
 * reads the record again and starts the form afresh from it.
 */

/** The server's words when it says nothing itself. */
export const STALE_MESSAGE =
  'Quelqu’un d’autre a modifié ces informations pendant que vous les modifiiez : rechargez-les pour voir leur version actuelle, puis refaites vos changements.';
export const RELOAD_LABEL = 'Recharger la dernière version';

interface StaleRecord {
  /** Says so when the error is a refusal of a write based on an older read; `false` for any other error. */
  report(error: unknown): boolean;
}

const StaleRecordContext = createContext<StaleRecord>({ report: () => false });

/** For buttons of an edit page that write the record (delete, share, new claim code). */
export function useStaleRecord(): StaleRecord {
  return useContext(StaleRecordContext);
}

/** react-admin's own notice of a failed save, minus field errors, which the form shows under the fields. */
function useSaveErrorNotice() {
  const notify = useNotify();
  return useCallback(
    (error: unknown) => {
      const fieldErrors = (error as HttpError | undefined)?.body?.errors as object | undefined;
      if (fieldErrors !== undefined && fieldErrors !== null && Object.keys(fieldErrors).length > 0) return;
      const message =
        typeof error === 'string'
          ? error
          : error instanceof Error
            ? error.message
            : 'ra.notification.http_error';
      notify(message || 'ra.notification.http_error', { type: 'error', messageArgs: { _: message } });
    },
    [notify],
  );
}

function StaleRecordNotice({
  message,
  dialogOpen,
  onCloseDialog,
  onReloaded,
}: {
  message: string | null;
  dialogOpen: boolean;
  onCloseDialog: () => void;
  onReloaded: () => void;
}) {
  const { refetch } = useEditContext();
  const notify = useNotify();
  const [reloading, setReloading] = useState(false);
  const titleId = useId();
  const textId = useId();
  if (message === null) return null;

  const reload = async () => {
    setReloading(true);
    try {
      const result = await refetch();
      if (result.error) throw result.error;
      onReloaded();
      notify('Dernière version rechargée : refaites vos changements.', { type: 'info' });
    } catch (error) {
      notify(error instanceof Error ? error.message : 'Le rechargement a échoué.', { type: 'error' });
    } finally {
      setReloading(false);
    }
  };

  const reloadButton = (
    <Button
      variant="contained"
      startIcon={<RefreshIcon />}
      disabled={reloading}
      onClick={() => void reload()}
    >
      {RELOAD_LABEL}
    </Button>
  );
  return (
    <>
      <Alert severity="warning" sx={{ m: 2, mb: 0 }} role="alert">
        {message}
        <Box sx={{ mt: 1 }}>{reloadButton}</Box>
      </Alert>
      <Dialog open={dialogOpen} onClose={onCloseDialog} aria-labelledby={titleId} aria-describedby={textId}>
        <DialogTitle id={titleId}>Modifié entre-temps</DialogTitle>
        <DialogContent>
          <DialogContentText id={textId}>{message}</DialogContentText>
          <DialogContentText sx={{ mt: 1 }}>
            Rien n’a été enregistré. Vos changements restent affichés jusqu’au rechargement : notez ceux que
            vous voulez refaire.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={onCloseDialog}>Fermer</Button>
          {reloadButton}
        </DialogActions>
      </Dialog>
    </>
  );
}

/**
 * The form once its record is the one read with its `ETag`. react-admin first hands an edit page the row the
 * list left in its cache (no `ETag`, sometimes fewer fields), then the record read: the form was drawn from
 * the row and set again from the record under the admin's typing (a title typed at once was put back, and
 * « Enregistrer » went grey under the click), and a save in between went without `If-Match`.
 */
function ReadRecord({ children }: { children: ReactNode }) {
  const { record, isFetching } = useEditContext();
  if (record !== undefined && etagOf(record) === undefined && isFetching)
    return <LinearProgress aria-label="Lecture de la fiche…" sx={{ m: 2 }} />;
  return <>{children}</>;
}

/**
 * react-admin's `<Edit>`, pessimistic (server errors reach the form), with the refusal of a stale write
 * said and the reload offered. Its form is remounted from the record read again.
 */
export function ConcurrentEdit({ children, mutationOptions, ...props }: EditProps & { children: ReactNode }) {
  const [message, setMessage] = useState<string | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [generation, setGeneration] = useState(0);
  const noticeSaveError = useSaveErrorNotice();

  const stale = useMemo<StaleRecord>(
    () => ({
      report(error) {
        if (errorCodeOf(error) !== 'PreconditionFailed') return false;
        setMessage(error instanceof Error && error.message !== '' ? error.message : STALE_MESSAGE);
        setDialogOpen(true);
        return true;
      },
    }),
    [],
  );

  return (
    <StaleRecordContext.Provider value={stale}>
      <Edit
        mutationMode="pessimistic"
        actions={false}
        {...props}
        mutationOptions={{
          ...mutationOptions,
          onError: (error: unknown) => {
            if (!stale.report(error)) noticeSaveError(error);
          },
        }}
      >
        <StaleRecordNotice
          message={message}
          dialogOpen={dialogOpen}
          onCloseDialog={() => setDialogOpen(false)}
          onReloaded={() => {
            setMessage(null);
            setDialogOpen(false);
            setGeneration((value) => value + 1);
          }}
        />
        <Fragment key={generation}>
          <ReadRecord>{children}</ReadRecord>
        </Fragment>
      </Edit>
    </StaleRecordContext.Provider>
  );
}

/** « Enregistrer » and « Supprimer » (when allowed), the deletion refused like a save when stale. */
export function EditToolbar({
  children,
  deleteConfirm,
}: {
  children?: ReactNode;
  /** What the deletion's question says instead of react-admin's generic one. */
  deleteConfirm?: { title: ReactNode; content: ReactNode };
}) {
  const stale = useStaleRecord();
  const notify = useNotify();
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
      <SaveButton />
      {children}
      <DeleteButton
        {...(deleteConfirm === undefined
          ? {}
          : { confirmTitle: deleteConfirm.title, confirmContent: deleteConfirm.content })}
        mutationMode="pessimistic"
        mutationOptions={{
          onError: (error: unknown) => {
            if (!stale.report(error))
              notify(error instanceof Error ? error.message : 'ra.notification.http_error', {
                type: 'error',
              });
          },
        }}
      />
    </Toolbar>
  );
}
