/**
 * A time as people type it on a phone, to the 24-hour `HH:MM` the API stores: `12`, `9h`, `12h30`,
 * `12 h 30`, `1230`, `7:5` (read 07:05). Anything else is kept as typed, for the schema to report.
 */
export function normalizeTime(text: string): string {
  const compact = text.trim().toLowerCase().replace(/\s+/g, '');
  let match = /^(\d{1,2})(?:[h:.](\d{1,2})?)?$/.exec(compact);
  if (match === null) {
    const digits = /^(\d{1,2})(\d{2})$/.exec(compact);
    if (digits === null) return text.trim();
    match = digits;
  }
  const hours = Number(match[1]);
  const minutes = Number(match[2] ?? '0');
  if (hours > 24 || minutes > 59) return text.trim();
  // Midnight is written 00:00 (the contract's rule for a slot closing at midnight).
  const h = hours === 24 && minutes === 0 ? 0 : hours;
  if (h > 23) return text.trim();
  return `${String(h).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}
