/*
 * The server's import graph (apps/api/src), checked by `npm run lint` (docs/decisions/0077): no loop, type
 * imports included, and layers that read downward only:
 *   app.ts, server.ts, the command-line tools, startup/ and write-consumers.ts (the composition)
 *   → routes → services → writes/ and queries → db/
 *   with plugins/, adapters/, lib/, config below the modules that use them, and the job queue
 *   (jobs/jobs.ts, pg-boss-jobs.ts, create-jobs.ts) knowing jobs only through their definitions.
 */
const SRC = '^apps/api/src/';
const TESTS = '\\.test\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'A loop makes every file of it load and change together: break it with an interface below.',
      severity: 'error',
      from: { path: SRC },
      to: { circular: true },
    },
    {
      name: 'low-layers-not-up',
      comment: 'lib/, db/, adapters/ and the configuration are below everything of the app.',
      severity: 'error',
      from: {
        path: `${SRC}(lib/|db/|adapters/|config\\.ts|paths\\.ts|secrets\\.ts)`,
        pathNot: `${SRC}db/seed/`,
      },
      to: { path: `${SRC}(modules|writes|plugins|jobs|web|startup)/|${SRC}(app|context|server)\\.ts$` },
    },
    {
      name: 'plugins-not-modules',
      comment: 'Fastify plugins are below the modules: what they need of a module is given by the app.',
      severity: 'error',
      from: { path: `${SRC}plugins/`, pathNot: TESTS },
      to: { path: `${SRC}(modules|writes|jobs|web)/` },
    },
    {
      name: 'writes-not-resources',
      comment: 'The one write path imports no resource: its consumers are given (write-consumers.ts).',
      severity: 'error',
      from: { path: `${SRC}writes/`, pathNot: TESTS },
      to: { path: `${SRC}(modules|jobs|web|plugins)/`, pathNot: `${SRC}modules/history/history\\.ts$` },
    },
    {
      name: 'services-not-plugins',
      comment: 'Services and queries are called by routes, jobs and tools alike: no HTTP plugin in them.',
      severity: 'error',
      from: { path: '\\.(service|queries)\\.ts$' },
      to: { path: `${SRC}plugins/` },
    },
    {
      name: 'queries-not-services',
      severity: 'error',
      from: { path: '\\.queries\\.ts$' },
      to: { path: '\\.(service|routes)\\.ts$' },
    },
    {
      name: 'only-the-app-imports-routes',
      severity: 'error',
      from: { path: SRC, pathNot: `${SRC}app\\.ts$|${TESTS}` },
      to: { path: '\\.routes\\.ts$' },
    },
    {
      name: 'queue-not-job-code',
      comment: 'The queue runs what it is given; the jobs (jobs/schedule.ts) are bound to the app above it.',
      severity: 'error',
      from: { path: `${SRC}jobs/(jobs|pg-boss-jobs|create-jobs)\\.ts$` },
      to: { path: `${SRC}(modules|writes|web|plugins)/|${SRC}context\\.ts$` },
    },
  ],
  options: {
    // Type-only imports count: a loop of types still ties the files together.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    doNotFollow: { path: 'node_modules' },
    exclude: { path: `${TESTS}|^apps/api/test/` },
  },
};
