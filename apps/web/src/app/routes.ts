import { type RouteConfig, index, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  // Every other address: a real 404 page with a 404 status.
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
