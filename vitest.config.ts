import { appendFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import type { Reporter } from 'vitest/node';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { missingTools, REDIS_SKIPPED_ENV } from './apps/api/test/machine.ts';

// No network here: servers started by the tests draw the bundled offline base map unless a test asks for
// another (ARCHITECTURE.md); the servers inherit this from the test process.
process.env.MAP_STYLE ??= 'offline';

/**
 * Redis and Chromium, which `npm install` does not bring: outside CI, the tests that need a missing one are
 * skipped, and the run says so in one line each at its start and at its end; CI forbids skipping and stops
 * here, in one line, before any test. Only the projects asked for count (`npm run test:db` needs no browser).
 */
const askedProjects = process.argv.flatMap((arg, i, args) =>
  arg === '--project' ? [args[i + 1] ?? ''] : arg.startsWith('--project=') ? [arg.slice(10)] : [],
);
const asked = (project: string) => askedProjects.length === 0 || askedProjects.includes(project);
const { redis, chromium } = await missingTools();
const missing = [
  ...(redis !== undefined && (asked('api') || asked('reliability')) ? [redis] : []),
  ...(chromium !== undefined && asked('e2e') ? [chromium] : []),
];
const ci = !['', '0', 'false', undefined].includes(process.env.CI);
if (missing.length > 0 && ci) {
  for (const tool of missing) console.error(`npm test: ${tool.line} CI runs every test and skips none.`);
  process.exit(1);
}
if (redis !== undefined) process.env[REDIS_SKIPPED_ENV] = redis.line;
const skippedLines = missing.map((tool) => `SKIPPED ${tool.skipped}. ${tool.line}`);
for (const line of skippedLines) console.warn(line);
/** The same lines again once every test has run, where a newcomer reads the result. */
const skippedAtTheEnd: Reporter = {
  onTestRunEnd() {
    for (const line of skippedLines) console.warn(`\n${line}`);
  },
};

/** Real server processes killed, restarted, run for minutes: only with `npm run test:reliability`. */
const reliability: TestProjectInlineConfiguration = {
  test: {
    name: 'reliability',
    include: ['apps/api/test/**/*.reliability.test.ts'],
    fileParallelism: false,
    setupFiles: ['./test/no-console-error.ts'],
    testTimeout: 30 * 60_000,
    hookTimeout: 5 * 60_000,
  },
};

/**
 * The journeys first, their longest first (vitest's order within a project), the other projects' files after
 * them: by project name, the journeys came after the API's files, and `npm test` waited at its end for the
 * last long journey file to finish on one worker while the other had nothing left.
 */
class JourneysFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const journey = (file: TestSpecification) => file.project.name === 'e2e';
    return [...sorted.filter(journey), ...sorted.filter((file) => !journey(file))];
  }
}

/**
 * `TEST_DURATIONS_FILE=file`: each test file's time (tests and hooks, and its import) appended to the file as one
 * JSON line, for CI to name its slowest files at the end of its log, where it is read.
 */
const durationsFile = process.env.TEST_DURATIONS_FILE;
const durations: Reporter = {
  onTestRunEnd(testModules) {
    if (durationsFile === undefined) return;
    const lines = testModules.map((module) => {
      const { duration, collectDuration } = module.diagnostic();
      const file = path.relative(import.meta.dirname, module.moduleId);
      return JSON.stringify({
        project: module.project.name,
        file,
        ms: Math.round(duration + collectDuration),
      });
    });
    appendFileSync(durationsFile, lines.map((line) => `${line}\n`).join(''));
  },
};
const reporters = [
  ...(skippedLines.length > 0 ? [skippedAtTheEnd] : []),
  ...(durationsFile === undefined ? [] : [durations]),
];

export default defineConfig({
  test: {
    sequence: { sequencer: JourneysFirst },
    ...(reporters.length > 0 ? { reporters: ['default', ...reporters] } : {}),
    // Vitest keeps one core for itself by default: on CI's two cores that is a single worker, and the API's
    // files (PGlite in the worker, or PostgreSQL beside it) ran one at a time. The journeys run two files at a
    // time too (issue 31): each file's server and Chromium wait on each other as much as they compute, and the
    // journeys took 555 s one at a time against 376 to 387 s two at a time on 2 cores (a third worker: 383 s,
    // every file slower).
    maxWorkers: Math.max(2, os.availableParallelism()),
    projects: [
      {
        test: {
          name: 'contract',
          include: ['packages/contract/src/**/*.test.ts'],
          setupFiles: ['./test/no-console-error.ts'],
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'],
          // A worker keeps its modules from one file to the next, as the journeys do: each file still makes
          // its own app on its own copy of the database (test/app.ts), and nothing else is shared. Importing
          // the server's modules again for each of the 82 files was most of their time: the API's files took
          // 468 s alone on 2 cores, 273 s this way (2 December 2026), and CI runs them twice (PGlite, PostgreSQL).
          isolate: false,
          exclude: ['**/node_modules/**', '**/*.reliability.test.ts'],
          globalSetup: ['./apps/api/test/global-setup.ts'],
          setupFiles: ['./test/no-console-error.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // A rebuilt index or a background job is waited for up to 10 s, not vitest's 1 s: on a loaded
          // machine (two workers, PostgreSQL beside them) the map's rebuild took longer than a second.
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          setupFiles: ['./test/no-console-error.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          // Without Chromium (outside CI), the one file that drives the server over HTTP alone.
          include: chromium === undefined ? ['e2e/**/*.test.ts'] : ['e2e/start.test.ts'],
          // A worker keeps its modules from one file to the next: playwright-core and axe are loaded once per
          // worker, and the journeys that only read the demo data share its server (`readOnlyDemoServer`).
          isolate: false,
          globalSetup: ['./e2e/support/global-setup.ts'],
          setupFiles: ['./test/no-console-error.ts', './e2e/support/on-failure.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // What a journey waits for (a saved form read again, a list filtered) is waited for up to 10 s, not
          // vitest's 1 s: on a loaded machine a reload took longer, and a poll ends as soon as it passes.
          expect: { poll: { timeout: 10_000 } },
        },
      },
      ...(process.env.RELIABILITY === undefined ? [] : [reliability]),
    ],
  },
});
