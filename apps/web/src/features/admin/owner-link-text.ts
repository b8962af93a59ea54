import { ofName } from '@tables-voisines/contract/french-names';

/*
 * What the back office asks before it moves an establishment from one owner to another, or detaches it: the
 * owner who loses the page, named by its e-mail address, is told by e-mail by the server once it is saved.
 */

export interface LinkQuestion {
  title: string;
  text: string;
  confirm: string;
}

/**
 * What taking a page from its owner does to its claim code (decision 0070): renewed, the old one refused,
 * the new one mailed only to the page's address as the team knows it (`claimEmail`; `null`: none, the
 * team hands it; `undefined`: not shown to this admin).
 */
export function codeRenewalText(claimEmail: string | null | undefined): string {
  const renewed = 'Son code de réclamation sera renouvelé : l’ancien ne fonctionnera plus';
  if (claimEmail === undefined) return `${renewed}.`;
  if (claimEmail === null)
    return `${renewed}, et le nouveau ne sera envoyé à personne : l’équipe ne connaît aucune adresse de l’établissement, c’est à elle de le lui transmettre.`;
  return `${renewed}, et le nouveau ne pourra être envoyé qu’à ${claimEmail}.`;
}

function nameAndTown(establishment: object | null | undefined): { name?: string; town: string } {
  const { name, address } = (establishment ?? {}) as { name?: unknown; address?: unknown };
  const town = (address as { town?: unknown } | undefined)?.town;
  return {
    ...(typeof name === 'string' ? { name } : {}),
    town: typeof town === 'string' && town !== '' ? ` (${town})` : '',
  };
}

/** An establishment as the question names it: « Le Zinc » (Lyon). */
export function establishmentLabel(establishment: object | null | undefined): string {
  const { name, town } = nameAndTown(establishment);
  return name === undefined ? 'cet établissement' : `«\u00a0${name}\u00a0»${town}`;
}

/** An establishment after « de », as French contracts it: du Zinc (Lyon), de cet établissement. */
export function ofEstablishment(establishment: object | null | undefined): string {
  const { name, town } = nameAndTown(establishment);
  return name === undefined ? 'de cet établissement' : `${ofName(name)}${town}`;
}

/**
 * The establishment form's owner field changed. `current`: the owner who has the page now (its e-mail
 * address), `picked`: the one chosen (`null`: none), `pickedLeaves`: the establishment the picked owner has
 * now, which it would leave. `null` when nobody loses anything.
 */
export function establishmentOwnerQuestion({
  current,
  picked,
  pickedLeaves,
  claimEmail,
}: {
  current: string | null;
  picked: string | null;
  pickedLeaves: string | null;
  /** The page's claim e-mail (`codeRenewalText`), said when its owner is detached or replaced. */
  claimEmail?: string | null | undefined;
}): LinkQuestion | null {
  const leaves =
    picked !== null && pickedLeaves !== null
      ? ` ${picked} quittera aussi ${pickedLeaves}, qui n’aura plus de restaurateur.`
      : '';
  if (current === null) {
    if (leaves === '' || picked === null) return null;
    return {
      title: 'Rattacher ce restaurateur ?',
      text: `En enregistrant, cet établissement sera rattaché à ${picked}.${leaves}`,
      confirm: 'Rattacher',
    };
  }
  if (picked === null) {
    return {
      title: 'Détacher le restaurateur ?',
      text: `En enregistrant, ${current} n’aura plus accès à la page de cet établissement. Un e-mail l’en informera. ${codeRenewalText(claimEmail)}`,
      confirm: 'Détacher',
    };
  }
  return {
    title: 'Changer de restaurateur ?',
    text: `Cet établissement est rattaché à ${current}. En enregistrant, il sera rattaché à ${picked}, et ${current} n’aura plus accès à sa page. Un e-mail l’en informera. ${codeRenewalText(claimEmail)}${leaves}`,
    confirm: 'Changer de restaurateur',
  };
}

/**
 * The owner form's establishment field changed. `owner`: the e-mail address of the owner edited,
 * `current`: its establishment now, after « de » (`ofEstablishment`; `null`: none), `picked`: the one chosen (`null`: none) and
 * `pickedOwner`: the e-mail address of the owner the picked establishment has now. `null` when nobody
 * loses anything.
 */
export function ownerEstablishmentQuestion({
  owner,
  current,
  picked,
  pickedOwner,
  claimEmail,
}: {
  owner: string;
  current: string | null;
  picked: string | null;
  pickedOwner: string | null;
  /** The current establishment's claim e-mail (`codeRenewalText`), said when the owner is detached. */
  claimEmail?: string | null | undefined;
}): LinkQuestion | null {
  if (picked === null) {
    if (current === null) return null;
    return {
      title: 'Détacher l’établissement ?',
      text: `En enregistrant, ${owner} n’aura plus accès à la page ${current}. Un e-mail l’en informera. ${codeRenewalText(claimEmail)}`,
      confirm: 'Détacher',
    };
  }
  if (pickedOwner === null || pickedOwner === owner) return null;
  return {
    title: 'Retirer cet établissement à son restaurateur ?',
    text: `${picked} est rattaché à ${pickedOwner}. En enregistrant, il sera rattaché à ${owner}, et ${pickedOwner} n’aura plus accès à sa page. Un e-mail l’en informera. Son code de réclamation sera renouvelé.`,
    confirm: 'Retirer et rattacher',
  };
}

/** The owner deletion's title: the account named by its e-mail address (`undefined`: not read yet). */
export function ownerDeletionTitle(owner: string | undefined): string {
  return owner === undefined ? 'Supprimer ce compte restaurateur ?' : `Supprimer le compte ${owner} ?`;
}

/**
 * What the back office says before it deletes an owner's account (`owners.service.ts` `deleteOwner`): whose
 * account, the page it is detached from (`establishment`: after « de », `ofEstablishment`; `null`: none) and
 * that page's claim code, renewed as on any detach. Unlike a detach, nobody is mailed: the account and its
 * address are gone with the same write, before the team's changes are told (owner-notifications.ts).
 */
export function ownerDeletionQuestion({
  owner,
  name,
  establishment,
  claimEmail,
}: {
  /** The owner's e-mail address. */
  owner: string;
  /** Its first and last names, as given (`''`: none). */
  name: string;
  establishment: string | null;
  claimEmail?: string | null | undefined;
}): { title: string; lines: string[] } {
  const who = name.trim() === '' ? owner : `${name.trim()} (${owner})`;
  const lines = [`${who} ne pourra plus se connecter : son compte restaurateur sera supprimé.`];
  if (establishment === null) lines.push('Aucun établissement n’est rattaché à ce compte.');
  else
    lines.push(
      `Ce compte sera détaché de la page ${establishment}, qui n’aura plus de restaurateur. ${codeRenewalText(claimEmail)}`,
    );
  lines.push('Le restaurateur en sera prévenu par e-mail.', 'La suppression est définitive.');
  return { title: ownerDeletionTitle(owner), lines };
}
