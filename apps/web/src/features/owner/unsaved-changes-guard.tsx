import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useCallback, useEffect, useRef } from 'react';
import { useBlocker, type BlockerFunction } from 'react-router';

/**
 * The back office's sentence (react-admin's `ra.message.unsaved_changes`, features/admin/admin-i18n.ts) in
 * the owners' word: their button says « Publier les modifications », their notice « Modifications publiées ».
 */
export const UNSAVED_CHANGES_MESSAGE =
  'Certaines modifications ne sont pas publiées. Voulez-vous vraiment quitter cette page ?';

/**
 * Asks before a form with changes not yet published is left: a link of the site or the browser's Back
 * (React Router's blocker, answered in a dialog), or closing and reloading the tab (the browser's own
 * question, `beforeunload`). Nothing is asked while `when` is false.
 */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  // Once the person chose to leave, the form stays on screen until the next page is drawn: a Back pressed
  // meanwhile is not asked about again (nor silently undone).
  const leaving = useRef(false);
  const shouldBlock = useCallback<BlockerFunction>(
    ({ currentLocation, nextLocation }) =>
      when &&
      !leaving.current &&
      // Another search is another page too: « Préparer celle de demain » opens the board of another day.
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
    [when],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Safari asks only when a return value is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);

  const stay = () => blocker.reset?.();
  return (
    <Dialog
      open={blocker.state === 'blocked'}
      onClose={stay}
      role="alertdialog"
      aria-labelledby="modifications-non-publiees"
      aria-describedby="modifications-non-publiees-texte"
    >
      <DialogTitle id="modifications-non-publiees">Modifications non publiées</DialogTitle>
      <DialogContent>
        <DialogContentText id="modifications-non-publiees-texte">{UNSAVED_CHANGES_MESSAGE}</DialogContentText>
      </DialogContent>
      <DialogActions>
        {/* The safe answer has the focus: Enter or Escape keeps the changes. */}
        <Button onClick={stay} variant="contained" autoFocus>
          Rester sur la page
        </Button>
        <Button
          onClick={() => {
            leaving.current = true;
            blocker.proceed?.();
          }}
          color="error"
        >
          Quitter sans publier
        </Button>
      </DialogActions>
    </Dialog>
  );
}
