import type { DemoData } from './demo-data';
import { addDays } from '@tables-voisines/contract/paris-time';

/** Noon in Paris (10:00 or 11:00 UTC) on a day: a plausible time for an owner's click. */
const noonOn = (day: string) => new Date(`${day}T10:30:00Z`);

/**
 * Closures and verified dates for the demo, from the seed's `today` (the generated data set itself has no
 * date): the first establishment is closed now (annual leave until 6 days later), the second announces a
 * closure starting in 5 days, the third is closed until further notice; one in four was verified within the
 * last three weeks, one in four more than six months ago, one in four a month or two ago, the rest never.
 */
export function withOpeningInformation(data: DemoData, today: string): DemoData {
  const establishments = data.establishments.map((row, index) => {
    const closures =
      index === 0
        ? [{ from: addDays(today, -4), to: addDays(today, 6), reason: 'Congés annuels' }]
        : index === 1
          ? [{ from: addDays(today, 5), to: addDays(today, 12), reason: 'Congés annuels' }]
          : index === 2
            ? [{ from: addDays(today, -10), to: null, reason: 'Travaux' }]
            : [];
    const age = [index % 21, 190 + (index % 150), 30 + (index % 40), null][index % 4]!;
    const verifiedAt = age === null ? null : noonOn(addDays(today, -age));
    return { ...row, closures, verifiedAt };
  });
  return { ...data, establishments };
}
