import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FormEvent, ReactNode, Ref } from 'react';
import { Link as RouterLink, NavLink, useNavigate } from 'react-router';
import { useSession } from '../session/use-session';
import { OWNER_PATHS, ownerStep } from './owner-paths';
import { useSessionEndWatch } from './owner-session';
import type { FormNotice } from './use-owner-form';

/** A screen of the guided path: a heading, an optional line under it, its content. */
export function OwnerScreen({
  title,
  intro,
  wide = false,
  children,
}: {
  title: string;
  intro?: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <Box sx={{ width: '100%', maxWidth: wide ? 1100 : 560, mx: 'auto' }}>
      <Typography variant="h1" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {intro !== undefined && (
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {intro}
        </Typography>
      )}
      {children}
    </Box>
  );
}

/** A form that never reloads the page, its fields stacked. */
export function OwnerForm({
  onSubmit,
  label,
  children,
  ref,
}: {
  onSubmit: () => void | Promise<void>;
  label: string;
  children: ReactNode;
  ref?: Ref<HTMLFormElement>;
}) {
  return (
    <Box
      ref={ref}
      component="form"
      noValidate
      aria-label={label}
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void onSubmit();
      }}
    >
      <Stack spacing={2}>{children}</Stack>
    </Box>
  );
}

/** The message for a whole form (its fields carry their own). */
export function FormMessage({
  message,
  severity = 'error',
}: {
  /** A text (an error unless `severity` says otherwise), or a form's notice. */
  message: string | FormNotice | null;
  severity?: 'error' | 'success' | 'info';
}) {
  if (message === null) return null;
  if (typeof message !== 'string') return <FormMessage message={message.text} severity={message.severity} />;
  return (
    <Alert severity={severity} role={severity === 'error' ? 'alert' : 'status'}>
      {message}
    </Alert>
  );
}

/** Shown while a screen's loader runs in the browser (the server renders every owner screen as a shell). */
export function OwnerLoading() {
  return (
    <Typography role="status" color="text.secondary">
      Chargement de votre espace…
    </Typography>
  );
}

export function TextLink({ to, state, children }: { to: string; state?: unknown; children: ReactNode }) {
  return (
    <Link component={RouterLink} to={to} state={state} underline="always">
      {children}
    </Link>
  );
}

const NAV = [
  { to: OWNER_PATHS.home, label: 'Mon espace', end: true },
  { to: OWNER_PATHS.editPage, label: 'Ma page', end: false },
  { to: OWNER_PATHS.menuBoard, label: 'Ardoise du jour', end: false },
  { to: OWNER_PATHS.stats, label: 'Statistiques', end: false },
  { to: OWNER_PATHS.history, label: 'Historique', end: false },
  { to: OWNER_PATHS.reports, label: 'Signalements', end: false },
] as const;

/** The owners' space frame: its navigation once the owner has an establishment, and sign-out. */
export function OwnerFrame({ children }: { children: ReactNode }) {
  const { state, store } = useSession();
  const navigate = useNavigate();
  const signingOut = useSessionEndWatch();
  const step = ownerStep(state);
  const signedIn = step === 'unconfirmed' || step === 'unlinked' || step === 'ready';
  return (
    <Box
      sx={{
        width: '100%',
        maxWidth: 1100,
        mx: 'auto',
        px: { xs: 2, md: 3 },
        py: { xs: 2, md: 3 },
        // A focused field's label in the theme's orange is 3.3:1 on white: the darker orange reads at AA.
        // Same for text and outlined buttons: their label is text in the theme's colour.
        '& .MuiFormLabel-root.Mui-focused:not(.Mui-error)': { color: 'primary.dark' },
        '& .MuiButton-colorPrimary.MuiButton-text:not(.Mui-disabled), & .MuiButton-colorPrimary.MuiButton-outlined:not(.Mui-disabled)':
          {
            color: 'primary.dark',
          },
      }}
    >
      {signedIn && (
        <Box
          component="nav"
          aria-label="Espace restaurateur"
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            mb: 3,
            flexWrap: 'wrap',
            borderBottom: 1,
            borderColor: 'divider',
            pb: 1,
          }}
        >
          {step === 'ready' &&
            NAV.map((item) => (
              <Button
                key={item.to}
                component={NavLink}
                to={item.to}
                end={item.end}
                size="small"
                color="inherit"
                sx={{ flexShrink: 0, '&.active': { color: 'primary.dark', fontWeight: 700 } }}
              >
                {item.label}
              </Button>
            ))}
          <Box sx={{ flex: 1 }} />
          <Button
            size="small"
            color="inherit"
            sx={{ flexShrink: 0 }}
            onClick={() => {
              signingOut();
              store?.signOut();
              void navigate(OWNER_PATHS.signIn);
            }}
          >
            Se déconnecter
          </Button>
        </Box>
      )}
      {children}
    </Box>
  );
}

/** Titles of the owners' space: never indexed by search engines. */
export function ownerMeta(title: string) {
  return [{ title: `${title} — Espace restaurateur` }, { name: 'robots', content: 'noindex' }];
}
