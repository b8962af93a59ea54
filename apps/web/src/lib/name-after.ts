import { ofName } from '@tables-voisines/contract/french-names';

/**
 * « de » and a place's name as French writes them (`ofName`), cut where the name starts, for a screen that
 * sets the name apart (in bold): `['du ', 'Comptoir']`, `['des ', 'Burgers de Fanny']`, `['d’', 'Athéna']`,
 * `['de ', 'La Fourchette']`.
 */
export function ofNameParts(name: string): [string, string] {
  const written = ofName(name);
  if (written.startsWith('d’')) return ['d’', written.slice(2)];
  const space = written.indexOf(' ');
  return [written.slice(0, space + 1), written.slice(space + 1)];
}
