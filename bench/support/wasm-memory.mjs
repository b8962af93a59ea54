// PGlite's WebAssembly memory in a process, read from /proc/<pid>/smaps: V8 reserves each wasm memory as one
// large address range (several GiB, inaccessible) whose first part, the memory's current size, is readable
// and writable. The mapping just before a reservation of 4 GiB or more is taken as that memory: its size is
// what the engine has grown to (it never shrinks), its Rss what of it is in RAM.
import { readFile } from 'node:fs/promises';

const MiB = 1024 * 1024;
const GiB4 = 4n * 1024n * 1024n * 1024n;

export async function wasmMemoryOf(pid = 'self') {
  const text = await readFile(`/proc/${pid}/smaps`, 'utf8').catch(() => '');
  const maps = [];
  let current;
  for (const line of text.split('\n')) {
    const range = /^([0-9a-f]+)-([0-9a-f]+) (\S+)/.exec(line);
    if (range) {
      current = { start: BigInt(`0x${range[1]}`), end: BigInt(`0x${range[2]}`), perm: range[3], rssKiB: 0 };
      maps.push(current);
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && current) current.rssKiB = Number(rss[1]);
  }
  let committedMiB = 0;
  let residentMiB = 0;
  for (let i = 0; i + 1 < maps.length; i++) {
    const [a, b] = [maps[i], maps[i + 1]];
    if (a.perm === 'rw-p' && b.perm === '---p' && a.end === b.start && b.end - b.start >= GiB4) {
      committedMiB += Number(a.end - a.start) / MiB;
      residentMiB += a.rssKiB / 1024;
    }
  }
  return { committedMiB: Math.round(committedMiB), residentMiB: Math.round(residentMiB) };
}
