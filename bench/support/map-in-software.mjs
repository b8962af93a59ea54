// The blocking time of a page load read from Lighthouse's own trace, beside the part of it that is the map
// drawn in software (issue 55, point 3). Chromium here has no GPU: SwiftShader draws MapLibre's WebGL in the
// GPU process, and each frame the compositor takes from the page waits, in the main thread's `Commit`, for
// that drawing to end and for the frame to be copied back (`GLES2::ReadPixels`, decision 0064). A phone with
// a GPU hands the frame over instead: its commit is a few milliseconds. So what such a phone would pay is
// estimated by taking each long task's `Commit` time out of it, the rest (MapLibre's JavaScript, React,
// layout) slowed as Lighthouse slows it; an estimate from the trace, not a measure of such a phone.

/** The renderer's main thread of the page Lighthouse loaded, and when its navigation started. */
function pageMainThread(events) {
  const navigation = events.find(
    (e) =>
      e.name === 'navigationStart' &&
      e.args?.data?.isLoadingMainFrame === true &&
      /^https?:/.test(e.args.data.documentLoaderURL ?? ''),
  );
  if (navigation === undefined) return null;
  const thread = events.find(
    (e) => e.name === 'thread_name' && e.pid === navigation.pid && e.args?.name === 'CrRendererMain',
  );
  return thread === undefined ? null : { pid: navigation.pid, tid: thread.tid, start: navigation.ts };
}

/**
 * From the trace of an unthrottled load (Lighthouse's simulated throttling) and the CPU slowdown it simulates:
 * the tasks from the first contentful paint on, each as long as Lighthouse makes it (× `cpuSlowdown`); their
 * blocking time (the time over 50 ms of each, as Lighthouse counts it: the check of this reading against
 * Lighthouse's own figure), the `Commit` time in them, and the blocking time left once that is taken out.
 * With devtools throttling the trace is already slowed: `cpuSlowdown` 1. `null` when the trace is not read.
 */
export function blockingTimeSplit(trace, cpuSlowdown) {
  const events = trace?.traceEvents ?? [];
  const main = pageMainThread(events);
  if (main === null) return null;
  const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
  const firstPaint = events.find(
    (e) => e.name === 'firstContentfulPaint' && e.pid === main.pid && e.ts >= main.start,
  );
  if (firstPaint === undefined) return null;
  const tasks = onMain
    .filter((e) => e.name === 'RunTask' && e.ts >= firstPaint.ts)
    .sort((a, b) => a.ts - b.ts)
    // Nested run loops: only the outermost task counts.
    .filter((task, index, all) => !all.slice(0, index).some((o) => o.ts + o.dur >= task.ts + task.dur));
  const commits = onMain.filter((e) => e.name === 'Commit' && e.ts >= firstPaint.ts);
  let blockingMs = 0;
  let blockingWithoutCommitMs = 0;
  let commitInLongTasksMs = 0;
  let longTasks = 0;
  for (const task of tasks) {
    const duration = (task.dur / 1000) * cpuSlowdown;
    if (duration <= 50) continue;
    longTasks += 1;
    const commit =
      (commits
        .filter((c) => c.ts >= task.ts && c.ts + c.dur <= task.ts + task.dur)
        .reduce((sum, c) => sum + c.dur, 0) /
        1000) *
      cpuSlowdown;
    blockingMs += duration - 50;
    blockingWithoutCommitMs += Math.max(0, duration - commit - 50);
    commitInLongTasksMs += commit;
  }
  return {
    longTasks,
    blockingMs: Math.round(blockingMs),
    commitInLongTasksMs: Math.round(commitInLongTasksMs),
    blockingWithoutCommitMs: Math.round(blockingWithoutCommitMs),
    // As the trace shows it, unslowed: every commit after the first paint, and how many.
    commitsObservedMs: Math.round(commits.reduce((sum, c) => sum + c.dur, 0) / 1000),
    commits: commits.length,
  };
}
