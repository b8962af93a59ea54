import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';

export default [
  // The map stays mounted across the home page and the establishment pages: on desktop the page content
  // replaces the side panel while the map centres on the place.
  layout('routes/map-layout.tsx', [
    index('routes/home.tsx'),
    route('restaurant/:uri', 'routes/establishment.tsx', { id: 'restaurant' }),
    route('remplisvert/:uri', 'routes/establishment.tsx', { id: 'remplisvert' }),
  ]),
  // The administrators' back office: client-only react-admin (its own chunks), a loading shell from the server.
  route('admin/*', 'routes/admin.tsx'),
  // Every other address: a real 404 page with a 404 status.
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
