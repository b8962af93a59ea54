import { afterEach, beforeEach } from 'vitest';
import { describeOpenPages } from './browser';

// A journey that fails on CI leaves only its log: what its pages showed then, and the API calls they made.
let started = 0;
beforeEach(() => {
  started = Date.now();
});
afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail') return;
  const shown = await describeOpenPages(started);
  if (shown !== '') console.log(`\n« ${task.name} » failed; what the browser showed:\n${shown}\n`);
});
