/*
 * What the back office says before an establishment is deleted: everything that goes with it, named, and
 * what its printed posters will show. Deleting cannot be undone; closing for good keeps the page for its
 * owner (decision 0070).
 */

export interface DeletionFacts {
  name: string;
  /** Its public address (`/restaurant/le-zinc-a-lyon`) and how many earlier ones it has. */
  path: string;
  previousAddresses: number;
  /** The owner's e-mail address; `null`: none; `undefined`: not known to this admin. */
  owner: string | null | undefined;
  /** How many menu boards it has; `undefined`: not known to this admin. */
  boards: number | undefined;
  hasPhoto: boolean;
  closedForGood: boolean;
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('fr-FR')} ${n > 1 ? many : one}`;

export function deletionQuestion(facts: DeletionFacts): { title: string; lines: string[] } {
  const lines: string[] = [];
  if (facts.owner === null) lines.push('Aucun restaurateur n’est rattaché à cette page.');
  else
    lines.push(
      `${facts.owner ?? 'Son restaurateur'} perdra l’accès à cette page et en sera prévenu par e-mail.`,
    );
  if (facts.boards === undefined) lines.push('Ses ardoises seront supprimées.');
  else if (facts.boards === 0) lines.push('Elle n’a aucune ardoise.');
  else lines.push(`${plural(facts.boards, 'ardoise sera supprimée', 'ardoises seront supprimées')}.`);
  lines.push(facts.hasPhoto ? 'Sa photo sera supprimée.' : 'Elle n’a pas de photo.');
  const others =
    facts.previousAddresses === 0
      ? ''
      : ` et ${plural(facts.previousAddresses, 'ancienne adresse', 'anciennes adresses')}`;
  lines.push(
    `Les affiches imprimées avec son adresse (${facts.path}${others}) afficheront «\u00a0Cette page n’existe plus\u00a0», avec des établissements proches. Ces adresses ne seront jamais données à un autre établissement.`,
  );
  if (!facts.closedForGood)
    lines.push(
      'Si l’établissement a fermé, préférez «\u00a0Fermé définitivement\u00a0» (onglet Général) : ses affiches diront «\u00a0Ce restaurant a fermé\u00a0» et son restaurateur gardera l’accès à sa page.',
    );
  lines.push('La suppression est définitive.');
  return { title: `Supprimer «\u00a0${facts.name}\u00a0»\u00a0?`, lines };
}
