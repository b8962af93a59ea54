/** How many cards a list of the panel shows at a time. */
export const PAGE_SIZE = 30;

export function plural(n: number, one: string, many: string): string {
  return `${n.toLocaleString('fr-FR')} ${n > 1 ? many : one}`;
}

/** "Afficher 30 de plus (sur 1 234)" under a list that shows a page at a time. */
export function ShowMore({ total, limit, onMore }: { total: number; limit: number; onMore: () => void }) {
  if (total <= limit) return null;
  return (
    <button type="button" className="tv-button tv-button--full tv-more" onClick={onMore}>
      Afficher {Math.min(PAGE_SIZE, total - limit)} de plus (sur {total.toLocaleString('fr-FR')})
    </button>
  );
}
