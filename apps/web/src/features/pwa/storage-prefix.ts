/**
 * The prefix of this site's keys in the browser's storage: the site's short name in camelCase,
 * `Tables Voisines` -> `tablesVoisines`, `Remplis Vert` -> `remplisVert`. Accents are dropped and every
 * other character separates words, so the key stays plain ASCII. The signed-in areas reuse it for their
 * tokens (`{prefix}.token`...).
 */
export function storagePrefix(shortName: string): string {
  const words = shortName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== '');
  const prefix = words
    .map((word, i) =>
      i === 0 ? word.toLowerCase() : word.charAt(0).toUpperCase() + word.slice(1).toLowerCase(),
    )
    .join('');
  return prefix === '' ? 'site' : prefix;
}
