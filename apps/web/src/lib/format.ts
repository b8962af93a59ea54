/** French formats for what visitors read: "12,50 €", "samedi 21 novembre". */

const EUROS = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });

export function formatEuros(amount: number): string {
  return EUROS.format(amount);
}

const DAY_MONTH = new Intl.DateTimeFormat('fr-FR', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'Europe/Paris',
});

/** `'2025-11-22'` → `'samedi 22 novembre'` (a calendar day, read at noon in Paris to avoid any shift). */
export function formatFrenchDay(isoDate: string): string {
  return DAY_MONTH.format(new Date(`${isoDate}T12:00:00+01:00`));
}
