import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

export default [
  // The map stays mounted across the home page and the establishment pages: on desktop the page content
  // replaces the side panel while the map centres on the place.
  layout('routes/map-layout.tsx', [
    index('routes/home.tsx'),
    route('restaurant/:uri', 'routes/establishment.tsx', { id: 'restaurant' }),
    route('remplisvert/:uri', 'routes/establishment.tsx', { id: 'remplisvert' }),
    // « Signaler une erreur »: a form that works without JavaScript (its action takes the browser's POST).
    route('restaurant/:uri/signaler', 'routes/report.tsx', { id: 'restaurant-report' }),
    route('remplisvert/:uri/signaler', 'routes/report.tsx', { id: 'remplisvert-report' }),
    // « Nous contacter »: the team's address and a form that works without JavaScript.
    route('contact', 'routes/contact.tsx'),
    // « Données ouvertes »: the open files, their licence and the date of their data.
    route('donnees-ouvertes', 'routes/open-data.tsx'),
  ]),
  // The restaurant owners' space: one route module per screen, kept out of the public pages' chunks.
  route('espace-restaurateur', 'routes/owner/owner-layout.tsx', [
    index('routes/owner/owner-home.tsx'),
    route('connexion', 'routes/owner/sign-in.tsx'),
    route('inscription', 'routes/owner/sign-up.tsx'),
    route('confirmation', 'routes/owner/confirm.tsx'),
    route('mot-de-passe-oublie', 'routes/owner/forgotten-password.tsx'),
    route('nouveau-mot-de-passe', 'routes/owner/reset-password.tsx'),
    route('etablissement', 'routes/owner/claim.tsx'),
    route('ma-page', 'routes/owner/edit-page.tsx'),
    route('ardoise', 'routes/owner/menu-board.tsx'),
    // What the page brings (issue 53): the chart library stays in this screen's chunk.
    route('statistiques', 'routes/owner/stats.tsx'),
    route('historique', 'routes/owner/history.tsx'),
    route('signalements', 'routes/owner/reports.tsx'),
    // The reminder e-mail's link: no session needed; it confirms with a POST, never on the GET.
    route('verifier', 'routes/owner/verify.tsx'),
  ]),
  // The map for other sites' frames (issue 52): no header, the only page that may be framed.
  route('integrer/carte', 'routes/embed-map.tsx'),
  // The administrators' back office: client-only react-admin (its own chunks), a loading shell from the server.
  route('admin/*', 'routes/admin.tsx'),
  // Every other address: a real 404 page with a 404 status.
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
