import { QueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Route, useLocation, useNavigate } from 'react-router';
import {
  Admin,
  AppBar,
  CustomRoutes,
  Layout,
  Resource,
  TitlePortal,
  defaultTheme,
  type LayoutProps,
  type RaThemeOptions,
} from 'react-admin';
import type { Theme } from '@mui/material/styles';
import { PRIMARY, PRIMARY_TEXT, theme as siteTheme } from '../../theme/theme';
import { watchCheckboxLabels } from './checkbox-labels';
import { useSession } from '../session/use-session';
import { AbilityProvider } from './ability-context';
import { adminAbility, canAccessResource } from './admin-ability';
import { i18nProvider } from './admin-i18n';
import { createAuthProvider, registerAdminCache } from './admin-session';
import { ADMINS_RESOURCE } from './admins';
import { CATEGORIES_RESOURCE } from './categories';
import { Dashboard } from './dashboard';
import { LoginPage } from './login-page';
import { createDataProvider } from './data-provider';
import { ESTABLISHMENTS_RESOURCE } from './establishments';
import { GROUPS_RESOURCE } from './groups';
import { IMPORT_ROUTE, ImportPage } from './import-page';
import { MENU_BOARDS_RESOURCE } from './menu-boards';
import { OWNERS_RESOURCE } from './owners';
import { AdminMenu, REPORTS_RESOURCE } from './reports';
import { ACCESS_REQUESTS_RESOURCE, CONTACT_MESSAGES_RESOURCE } from './access';

/** react-admin's theme with the site's colours and type; the app bar in the primary orange. */
const adminTheme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    // The darker orange for buttons and links on white (AA); the app bar keeps the brand orange.
    primary: { main: PRIMARY_TEXT },
    secondary: { main: PRIMARY_TEXT },
    // A crimson, not the brick red it was: beside the orange, a tab in error read as the tab in focus.
    error: { main: '#b00020' },
    text: { primary: '#212121', secondary: '#545454' },
    contrastThreshold: 4.5,
  },
  typography: {
    ...defaultTheme.typography,
    fontFamily: siteTheme.typography.fontFamily,
    h1: { fontSize: '1.75rem', fontWeight: 700, lineHeight: 1.25 },
    h2: { fontSize: '1.25rem', fontWeight: 700, lineHeight: 1.3 },
    h3: { fontSize: '1.05rem', fontWeight: 600, lineHeight: 1.3 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  shape: { borderRadius: 8 },
  components: {
    ...defaultTheme.components,
    RaAppBar: {
      styleOverrides: {
        root: { '& .MuiAppBar-root, &.MuiAppBar-root': { backgroundColor: PRIMARY, color: '#212121' } },
      },
    },
    // Phones and tablets: a table wider than the screen scrolls in its own box, and the page never sideways.
    // react-admin's layout grew to fit its widest content (an establishments list 816 px wide on a 390 px
    // phone), which also pushed the list's toolbar, aligned right, off the screen.
    RaLayout: {
      styleOverrides: {
        root: ({ theme }: { theme: Theme }) => ({
          [theme.breakpoints.down('md')]: { minWidth: 0, '& .RaLayout-content': { minWidth: 0 } },
        }),
      },
    },
    RaList: {
      styleOverrides: {
        root: ({ theme }: { theme: Theme }) => ({
          [theme.breakpoints.down('md')]: { '& .RaList-main': { minWidth: 0 } },
        }),
      },
    },
    RaDatagrid: {
      styleOverrides: {
        root: ({ theme }: { theme: Theme }) => ({
          [theme.breakpoints.down('md')]: { '& .RaDatagrid-tableWrapper': { overflowX: 'auto' } },
        }),
      },
    },
    RaTopToolbar: {
      styleOverrides: {
        root: ({ theme }: { theme: Theme }) => ({ [theme.breakpoints.down('sm')]: { flexWrap: 'wrap' } }),
      },
    },
    // Phones: react-admin fixes a form's toolbar to the bottom of the screen, where it covered the form's
    // last fields (« Désactivé », the owner field) with no way to scroll them out from under it. Sticky, it
    // stays in view while the form scrolls and comes to rest after the last field.
    RaToolbar: {
      styleOverrides: {
        root: { '&.RaToolbar-mobileToolbar': { position: 'sticky', left: 'auto', right: 'auto' } },
      },
    },
    // MUI's suggestion lists speak English unless told (« No options » under an owner's search).
    MuiAutocomplete: {
      defaultProps: {
        noOptionsText: 'Aucune suggestion',
        loadingText: 'Chargement…',
        openText: 'Afficher les suggestions',
        closeText: 'Masquer les suggestions',
        clearText: 'Vider le champ',
      },
    },
    // react-admin's loading spinners (app bar, lists) need a name.
    MuiCircularProgress: { defaultProps: { 'aria-label': 'Chargement' } as object },
  },
};

function AdminAppBar() {
  return (
    <AppBar color="primary" alwaysOn>
      {/* The page's title is its main heading. */}
      <TitlePortal component="h1" variant="h6" sx={{ flex: 1 }} />
    </AppBar>
  );
}

function AdminLayout(props: LayoutProps) {
  return <Layout {...props} appBar={AdminAppBar} menu={AdminMenu} />;
}

/** The back office's resources, in the menu's order. */
const RESOURCES = [
  ESTABLISHMENTS_RESOURCE,
  REPORTS_RESOURCE,
  ACCESS_REQUESTS_RESOURCE,
  CONTACT_MESSAGES_RESOURCE,
  OWNERS_RESOURCE,
  ADMINS_RESOURCE,
  GROUPS_RESOURCE,
  CATEGORIES_RESOURCE,
  MENU_BOARDS_RESOURCE,
];

/** The back office's sign-in page (react-admin's `loginUrl` under `basename`). */
const LOGIN_PATH = '/admin/login';

/** The whole back office, loaded in the browser only (see app/routes/admin.tsx). */
export function AdminApp() {
  const { state, store } = useSession();
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } }),
  );
  useEffect(() => registerAdminCache(queryClient), [queryClient]);
  useEffect(() => watchCheckboxLabels(document.body), []);
  const authProvider = useMemo(() => (store === null ? null : createAuthProvider(store)), [store]);
  const dataProvider = useMemo(
    () =>
      createDataProvider(
        () => store?.getSnapshot().token ?? null,
        (resource) => canAccessResource(adminAbility(store?.getSnapshot().admin ?? null), resource, 'list'),
        undefined,
        store === null
          ? undefined
          : { id: () => store.getSnapshot().admin?.id ?? null, signIn: (body) => store.signInAdmin(body) },
      ),
    [store],
  );
  const ability = useMemo(() => adminAbility(state.admin), [state.admin]);
  // Signed out on any page but the sign-in page: one client navigation to the sign-in page, before
  // react-admin mounts. react-admin's own redirect is a client navigation inside this `admin/*` splat route,
  // which React Router treats as a route to discover; react-admin asked for it again at every render while it
  // was pending: a blank page and about 400 requests a second for the route manifest. This one is asked once
  // (the effect runs again only when `signedOutElsewhere` changes), and the page is not loaded a second time.
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const signedOutElsewhere =
    state.started && state.admin === null && pathname.replace(/\/$/, '') !== LOGIN_PATH;
  useEffect(() => {
    if (signedOutElsewhere) void navigate(LOGIN_PATH, { replace: true });
  }, [signedOutElsewhere, navigate]);
  // Not before the session has started (a sign-in by the stored token): react-admin would redirect first.
  if (authProvider === null || !state.started || signedOutElsewhere) return null;

  return (
    <AbilityProvider value={ability}>
      <Admin
        basename="/admin"
        title="Tables Voisines — Administration"
        disableTelemetry
        requireAuth
        queryClient={queryClient}
        authProvider={authProvider}
        dataProvider={dataProvider}
        i18nProvider={i18nProvider}
        theme={adminTheme}
        layout={AdminLayout}
        dashboard={Dashboard}
        loginPage={LoginPage}
      >
        {RESOURCES.map((resource) => (
          <Resource key={resource.name} {...resource} />
        ))}
        {/* « Importer des établissements », reached from the establishments' list (issue 52). */}
        <CustomRoutes>
          <Route path={IMPORT_ROUTE} element={<ImportPage />} />
        </CustomRoutes>
      </Admin>
    </AbilityProvider>
  );
}

export default AdminApp;
