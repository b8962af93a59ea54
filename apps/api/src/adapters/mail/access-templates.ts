/*
 * The mails of « Demander l’accès » and « Nous contacter »: to the team (`CONTACT_EMAIL`) when one arrives,
 * and to the owner whose request the team refused. An accepted request is told by the link's own mail
 * (teamChangeMail, « Votre compte est rattaché … »), as when an admin links an owner.
 */
import { ofName } from '@tables-voisines/contract/french-names';
import type { MailMessage } from './mailer';
import { layout, type MailSite } from './templates';

export function accessRequestTeamMail(
  site: MailSite,
  team: string,
  request: {
    owner: { email: string; firstName: string; lastName: string };
    establishment: { name: string; town: string };
    phone: string;
    proof: string;
  },
): MailMessage {
  const { owner, establishment } = request;
  return layout(site, team, `Demande d’accès à la page ${ofName(establishment.name)}`, {
    paragraphs: [
      'Bonjour,',
      `${owner.firstName} ${owner.lastName} (${owner.email}) demande l’accès à la page ${ofName(establishment.name)} (${establishment.town}), qui n’a pas d’adresse e-mail où envoyer son code.`,
      `Téléphone : ${request.phone}`,
      `Ce que la personne dit pour le prouver : « ${request.proof} »`,
      'Rattachez son compte en un clic ou refusez avec un motif dans « Demandes d’accès » du back-office :',
    ],
    highlight: { link: `${site.publicUrl}/admin/access-requests`, label: 'Ouvrir les demandes d’accès' },
  });
}

export function accessRefusedMail(
  site: MailSite,
  owner: { email: string; firstName: string },
  establishment: { name: string; town: string },
  reason: string,
): MailMessage {
  return layout(site, owner.email, `Votre demande d’accès à la page ${ofName(establishment.name)}`, {
    paragraphs: [
      `Bonjour ${owner.firstName},`,
      `L’équipe ${site.name} n’a pas rattaché votre compte à la page ${ofName(establishment.name)} (${establishment.town}).`,
      `Motif : ${reason}`,
      'Si vous gérez bien cet établissement, répondez-nous depuis la page « Nous contacter » avec ce qui peut le montrer (une facture, un extrait Kbis, le téléphone de l’établissement).',
    ],
    highlight: { link: `${site.publicUrl}/contact`, label: 'Nous contacter' },
  });
}

export function contactMessageTeamMail(
  site: MailSite,
  team: string,
  message: { name: string; email: string; message: string },
): MailMessage {
  return layout(site, team, `Message de ${message.name} (« Nous contacter »)`, {
    paragraphs: [
      'Bonjour,',
      `${message.name} (${message.email}) a écrit depuis la page « Nous contacter » :`,
      message.message,
      `Répondez-lui à ${message.email}, puis marquez le message traité dans « Messages » du back-office :`,
    ],
    highlight: { link: `${site.publicUrl}/admin/contact-messages`, label: 'Ouvrir les messages' },
  });
}
