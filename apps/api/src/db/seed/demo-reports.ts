import { createHash } from 'node:crypto';
import type { reports } from '../schema';
import type { DemoData } from './demo-data';

type DemoReport = typeof reports.$inferInsert;

/** A UUID (version 4 in form) made from a name: the same on every run, like the rest of the demo. */
function uuidOf(name: string): string {
  const hex = createHash('sha256').update(`tables-voisines-demo-report:${name}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

const SAMPLES: readonly Pick<DemoReport, 'reason' | 'message' | 'email'>[] = [
  {
    reason: 'hours',
    message: 'Fermé le lundi midi depuis la rentrée, la page dit ouvert.',
    email: 'claire.voisine@exemple.fr',
  },
  { reason: 'contact', message: 'Le numéro de téléphone ne répond plus.', email: null },
  { reason: 'menu', message: 'L’ardoise affichée n’est pas celle du jour.', email: null },
];

/**
 * A few open reports (« Signalements ») on the first visible demo establishments, received over the days
 * before `today` (a `YYYY-MM-DD` day): the back office's list and its menu badge have something to show.
 */
export function generateDemoReports(data: DemoData, today: string): DemoReport[] {
  const shown = data.establishments.filter((row) => !row.disabled);
  return SAMPLES.flatMap((sample, index) => {
    const establishment = shown[index * 7];
    if (establishment === undefined) return [];
    const day = new Date(`${today}T09:30:00Z`);
    day.setUTCDate(day.getUTCDate() - (index + 1));
    day.setUTCHours(9 + 3 * index);
    return [
      {
        ...sample,
        id: uuidOf(`${establishment.id}:${index}`),
        establishmentId: establishment.id,
        status: 'open' as const,
        createdAt: day,
      },
    ];
  });
}
