import { ofName, toName } from '@tables-voisines/contract/french-names';
import {
  OWNER_ANSWER_LABELS,
  REPORT_REASON_LABELS,
  type ReportReason,
} from '@tables-voisines/contract/reports';
import {
  boardDayText,
  boardOfPlaceText,
  type BoardChange,
} from '@tables-voisines/contract/history-board-text';
import type { MailMessage } from './mailer';

/** The product's primary colour (docs/api.md, "Mail"). */
export const PRIMARY_COLOUR = '#f06023';

export interface MailSite {
  name: string;
  publicUrl: string;
}

function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

interface Block {
  /** Paragraphs of plain text. */
  paragraphs: string[];
  /** A code shown large, or a button. */
  highlight?: { code: string } | { link: string; label: string };
  after?: string[];
}

/** The product's mail around a block of text (other templates files use it too). */
export function layout(site: MailSite, to: string, subject: string, block: Block): MailMessage {
  const highlightText =
    block.highlight === undefined
      ? []
      : 'code' in block.highlight
        ? [`    ${block.highlight.code}`]
        : [`${block.highlight.label} : ${block.highlight.link}`];
  const text = [
    ...block.paragraphs,
    ...highlightText,
    ...(block.after ?? []),
    `L’équipe ${site.name}\n${site.publicUrl}`,
  ].join('\n\n');

  const p = (t: string) => `<p style="margin:0 0 16px">${escapeHtml(t)}</p>`;
  let highlightHtml = '';
  if (block.highlight !== undefined && 'code' in block.highlight) {
    highlightHtml =
      `<p style="margin:24px 0;font-size:32px;font-weight:700;letter-spacing:6px;color:${PRIMARY_COLOUR};` +
      `text-align:center">${escapeHtml(block.highlight.code)}</p>`;
  } else if (block.highlight !== undefined) {
    highlightHtml =
      `<p style="margin:24px 0;text-align:center"><a href="${escapeHtml(block.highlight.link)}" ` +
      `style="display:inline-block;padding:12px 24px;background:${PRIMARY_COLOUR};color:#ffffff;` +
      `text-decoration:none;border-radius:4px;font-weight:700">${escapeHtml(block.highlight.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#555555">Si le bouton ne fonctionne pas, copiez ` +
      `cette adresse dans votre navigateur :<br>${escapeHtml(block.highlight.link)}</p>`;
  }
  const html = `<!doctype html>
<html lang="fr">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f5f5f5;font-family:'Open Sans',Arial,sans-serif;color:#222222">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f5f5f5;padding:24px 0">
<tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:6px;overflow:hidden">
<tr><td style="background:${PRIMARY_COLOUR};color:#ffffff;padding:16px 24px;font-size:20px;font-weight:700">${escapeHtml(site.name)}</td></tr>
<tr><td style="padding:24px;font-size:15px;line-height:1.5">
${block.paragraphs.map(p).join('\n')}
${highlightHtml}
${(block.after ?? []).map(p).join('\n')}
<p style="margin:24px 0 0">L’équipe ${escapeHtml(site.name)}<br><a href="${escapeHtml(site.publicUrl)}" style="color:${PRIMARY_COLOUR}">${escapeHtml(site.publicUrl)}</a></p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  return { to, subject, text, html };
}

export function confirmationCodeMail(
  site: MailSite,
  owner: { email: string; firstName: string },
  code: string,
): MailMessage {
  return layout(site, owner.email, `Votre code de confirmation ${site.name}`, {
    paragraphs: [
      `Bonjour ${owner.firstName},`,
      `Bienvenue sur ${site.name} ! Pour confirmer votre adresse e-mail, saisissez ce code à 6 chiffres dans votre espace restaurateur :`,
    ],
    highlight: { code },
    after: [
      'Ce code est valable 24 heures. Si vous n’avez pas créé de compte, ignorez simplement ce message.',
    ],
  });
}

export function claimCodeMail(
  site: MailSite,
  establishment: { email: string; name: string; town: string },
  code: string,
): MailMessage {
  return layout(site, establishment.email, `Le code de votre établissement sur ${site.name}`, {
    paragraphs: [
      'Bonjour,',
      `Voici le code de l’établissement « ${establishment.name} » (${establishment.town}) sur ${site.name}. ` +
        'Il permet à son restaurateur de rattacher cette page à son compte, à l’inscription ou depuis son espace :',
    ],
    highlight: { code },
    after: [
      `Espace restaurateur : ${site.publicUrl}/espace-restaurateur`,
      'Ne communiquez ce code qu’à la personne qui gère l’établissement. Si vous n’avez rien demandé, ignorez ce message.',
    ],
  });
}

export function passwordResetMail(
  site: MailSite,
  owner: { email: string; firstName: string },
  link: string,
): MailMessage {
  return layout(site, owner.email, `Réinitialisation de votre mot de passe ${site.name}`, {
    paragraphs: [
      `Bonjour ${owner.firstName},`,
      'Vous avez demandé à choisir un nouveau mot de passe. Ce lien est valable une heure et ne sert qu’une fois :',
    ],
    highlight: { link, label: 'Choisir un nouveau mot de passe' },
    after: [
      'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.',
    ],
  });
}

/** What changed in an account, for the mail its previous address receives. */
export interface AccountChange {
  password: boolean;
  email: boolean;
  /** Made by an admin (the team), not by the account itself. */
  byTeam: boolean;
  at: Date;
}

const parisDateTime = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Paris',
});

/**
 * Sent to an account's address as it was before its password or address changed: what changed and when,
 * and what to do if it was not its holder. An owner whose password alone changed can take the account back
 * with a reset link (it still goes to this address); when the address changed, only the team can.
 */
export function accountChangeMail(
  site: MailSite,
  account: { email: string; name: string; kind: 'owner' | 'admin' },
  change: AccountChange,
): MailMessage {
  const when = `le ${parisDateTime.format(change.at)} (heure de Paris)`;
  const by = change.byTeam ? ` par un administrateur de ${site.name}` : '';
  const subject =
    change.password && change.email
      ? `Le mot de passe et l’adresse e-mail de votre compte ${site.name} ont changé`
      : change.password
        ? `Le mot de passe de votre compte ${site.name} a changé`
        : `L’adresse e-mail de votre compte ${site.name} a changé`;
  const what =
    change.password && change.email
      ? `Le mot de passe de votre compte ${site.name} a été changé et son adresse e-mail remplacée par une autre ${when}${by} : les messages du compte n’arriveront plus ici.`
      : change.password
        ? `Le mot de passe de votre compte ${site.name} a été changé ${when}${by}.`
        : `L’adresse e-mail de votre compte ${site.name} a été remplacée par une autre ${when}${by} : les messages du compte n’arriveront plus ici.`;
  const paragraphs = [
    `Bonjour ${account.name},`,
    what,
    'Toutes les connexions ouvertes avant ce changement ont été fermées. Si c’est bien vous, vous n’avez rien à faire.',
  ];
  if (account.kind === 'admin') {
    return layout(site, account.email, subject, {
      paragraphs: [
        ...paragraphs,
        'Si ce n’est pas vous, prévenez sans attendre un autre administrateur : il peut rétablir votre adresse et donner un nouveau mot de passe à votre compte depuis l’administration.',
      ],
    });
  }
  if (!change.email) {
    return layout(site, account.email, subject, {
      paragraphs: [
        ...paragraphs,
        'Si ce n’est pas vous, quelqu’un connaît votre mot de passe : choisissez-en un nouveau sans attendre, le lien sera envoyé à cette adresse.',
      ],
      highlight: {
        link: `${site.publicUrl}/espace-restaurateur/mot-de-passe-oublie`,
        label: 'Choisir un nouveau mot de passe',
      },
    });
  }
  return layout(site, account.email, subject, {
    paragraphs: [
      ...paragraphs,
      `Si ce n’est pas vous, quelqu’un a pris la main sur votre compte : prévenez sans attendre l’équipe ${site.name} en lui transférant ce message. Elle peut rendre le compte à cette adresse.`,
    ],
  });
}

/** What the team did to an owner's page, for the e-mail that tells the owner (owner-notifications.ts). */
/**
 * To an owner whose account the team deleted (issue 48): what happened, the page it no longer holds, and
 * whom to write to; no invitation to claim the page again (its code was renewed and goes to the page's
 * address known to the team).
 */
export function ownerAccountDeletedMail(
  site: MailSite,
  owner: { email: string; firstName: string },
  establishment: { name: string; town: string } | null,
): MailMessage {
  return layout(site, owner.email, `Votre compte restaurateur ${site.name} a été supprimé`, {
    paragraphs: [
      `Bonjour ${owner.firstName},`,
      `L’équipe ${site.name} a supprimé votre compte restaurateur (${owner.email}) : vous ne pouvez plus vous y connecter.`,
      ...(establishment === null
        ? []
        : [
            `Il n’est plus rattaché à la page ${ofName(establishment.name)} (${establishment.town}), qui reste en ligne sans restaurateur.`,
          ]),
      'Si vous pensez que c’est une erreur, écrivez à l’équipe :',
    ],
    highlight: { link: `${site.publicUrl}/contact`, label: 'Nous contacter' },
  });
}

export type TeamChange =
  | { kind: 'linked' }
  | { kind: 'detached'; deleted: boolean }
  | { kind: 'closed'; lines: string[] }
  | { kind: 'reopened'; lines: string[] }
  | { kind: 'hidden'; reason: string | null; lines: string[] }
  | { kind: 'shown'; lines: string[] }
  | { kind: 'changed'; lines: string[] }
  /** A menu board of the page published, changed or deleted by the team (history-board-text.ts). */
  | { kind: 'board'; change: BoardChange };

export function teamChangeMail(
  site: MailSite,
  owner: { email: string; firstName: string },
  establishment: { name: string; town: string; pageUrl: string | null },
  change: TeamChange,
): MailMessage {
  // « la page du Comptoir (Lyon) »: the name contracted with « de » (issue 48, point 9).
  const page = `${ofName(establishment.name)} (${establishment.town})`;
  const space = `${site.publicUrl}/espace-restaurateur`;
  const history = `${space}/historique`;
  const contact = `${site.publicUrl}/contact`;
  const hello = `Bonjour ${owner.firstName},`;
  const otherLines = (lines: string[]) =>
    lines.length === 0 ? [] : ['L’équipe a aussi fait ces changements :', ...lines.map((l) => `– ${l}`)];
  switch (change.kind) {
    case 'linked':
      return layout(site, owner.email, `Votre compte est rattaché ${toName(establishment.name)}`, {
        paragraphs: [
          hello,
          `L’équipe ${site.name} a rattaché votre compte à la page ${page}. Vous pouvez désormais la modifier et publier son ardoise du jour depuis votre espace restaurateur :`,
        ],
        highlight: { link: space, label: 'Ouvrir mon espace' },
      });
    // Told what happened, never invited to attach the page again: the team decided it (decision 0070).
    case 'detached':
      return change.deleted
        ? layout(site, owner.email, `La page ${ofName(establishment.name)} a été supprimée`, {
            paragraphs: [
              hello,
              `L’équipe ${site.name} a supprimé la page ${ofName(establishment.name)} (${establishment.town}) : votre compte n’est plus rattaché à aucun établissement, et son ardoise, sa photo et ses informations ne sont plus publiées.`,
              'Les adresses de cette page, dont celle imprimée sur vos affiches, indiquent désormais que la page n’existe plus, avec des établissements proches.',
              `Pour toute question, écrivez à l’équipe : ${contact}`,
            ],
          })
        : layout(site, owner.email, `Votre compte n’est plus rattaché ${toName(establishment.name)}`, {
            paragraphs: [
              hello,
              `L’équipe ${site.name} a retiré votre compte de la page ${ofName(establishment.name)} (${establishment.town}) : vous ne pouvez plus la modifier depuis votre espace restaurateur, et son code de réclamation a été remplacé.`,
              `Pour toute question sur cette décision, écrivez à l’équipe : ${contact}`,
            ],
          });
    case 'closed':
      return layout(site, owner.email, `${establishment.name} est indiqué comme fermé définitivement`, {
        paragraphs: [
          hello,
          `L’équipe ${site.name} a indiqué que ${establishment.name} (${establishment.town}) a fermé définitivement : sa page n’apparaît plus sur la carte, dans les listes ni dans les recherches, et son adresse, dont celle imprimée sur vos affiches, indique « Ce restaurant a fermé » avec des établissements proches.`,
          'Votre compte reste rattaché à la page : vous la retrouvez dans votre espace restaurateur.',
          ...otherLines(change.lines),
          `Si l’établissement n’a pas fermé, écrivez à l’équipe : ${contact}`,
        ],
        highlight: { link: space, label: 'Ouvrir mon espace' },
      });
    case 'reopened':
      return layout(site, owner.email, `${establishment.name} n’est plus indiqué comme fermé`, {
        paragraphs: [
          hello,
          `L’équipe ${site.name} a retiré la mention « Fermé définitivement » de la page ${ofName(establishment.name)} (${establishment.town}) : elle apparaît de nouveau sur la carte et dans les recherches.`,
          ...otherLines(change.lines),
        ],
        ...(establishment.pageUrl === null
          ? {}
          : { highlight: { link: establishment.pageUrl, label: 'Voir ma page' } }),
      });
    case 'hidden':
      return layout(site, owner.email, `Votre page ${establishment.name} est masquée`, {
        paragraphs: [
          hello,
          `L’équipe ${site.name} a masqué la page ${page} : elle n’apparaît plus sur la carte ni dans les recherches, et son adresse répond « Page introuvable ».`,
          change.reason === null
            ? 'Aucune raison n’a été donnée.'
            : `Raison donnée par l’équipe : ${change.reason}`,
          ...otherLines(change.lines),
        ],
        highlight: { link: space, label: 'Ouvrir mon espace' },
      });
    case 'shown':
      return layout(site, owner.email, `Votre page ${establishment.name} est de nouveau visible`, {
        paragraphs: [
          hello,
          `L’équipe ${site.name} a rendu la page ${page} de nouveau visible sur la carte et dans les recherches.`,
          ...otherLines(change.lines),
        ],
        ...(establishment.pageUrl === null
          ? {}
          : { highlight: { link: establishment.pageUrl, label: 'Voir ma page' } }),
      });
    case 'board':
      return boardChangeMail(site, owner, establishment, change.change);
    case 'changed':
      return layout(site, owner.email, `L’équipe a modifié votre page ${establishment.name}`, {
        paragraphs: [
          hello,
          `L’équipe ${site.name} a modifié la page ${page} :`,
          ...change.lines.map((l) => `– ${l}`),
          `Ces changements sont dans l’historique de votre page : ${history}`,
        ],
        ...(establishment.pageUrl === null
          ? {}
          : { highlight: { link: establishment.pageUrl, label: 'Voir ma page' } }),
      });
  }
}

/** « L’équipe a modifié votre ardoise du 3 décembre » and what changed, one line each, « in words ». */
function boardChangeMail(
  site: MailSite,
  owner: { email: string; firstName: string },
  establishment: { name: string; town: string; pageUrl: string | null },
  change: BoardChange,
): MailMessage {
  const day = boardDayText(change.date);
  const board = `${boardOfPlaceText(change.date, establishment.name)} (${establishment.town})`;
  const history = `${site.publicUrl}/espace-restaurateur/historique`;
  const [subject, said, details] =
    change.action === 'delete'
      ? [
          `L’équipe a supprimé votre ardoise du ${day}`,
          `L’équipe ${site.name} a supprimé ${board}. Elle avait :`,
          'Vous pouvez en publier une autre depuis votre espace restaurateur.',
        ]
      : change.action === 'create'
        ? [
            `L’équipe a publié une ardoise pour le ${day}`,
            `L’équipe ${site.name} a publié ${board} :`,
            'Vous pouvez la corriger ou la retirer depuis votre espace restaurateur.',
          ]
        : [
            `L’équipe a modifié votre ardoise du ${day}`,
            `L’équipe ${site.name} a modifié ${board} :`,
            'Vous pouvez la corriger depuis votre espace restaurateur.',
          ];
  return layout(site, owner.email, subject, {
    paragraphs: [
      `Bonjour ${owner.firstName},`,
      said,
      ...change.details.map((l) => `– ${l}`),
      details,
      `Ce changement est dans l’historique de votre page : ${history}`,
    ],
    highlight: { link: `${site.publicUrl}/espace-restaurateur/ardoise`, label: 'Ouvrir mon ardoise' },
  });
}

/**
 * The reminder sent when an establishment was not verified for `VERIFY_REMINDER_DAYS` (jobs/verify-reminders.ts):
 * a one-click link that verifies without signing in (the page it opens confirms with a POST: mail scanners
 * follow links), valid `validDays` days.
 */
export function verifyReminderMail(
  site: MailSite,
  owner: { email: string; firstName: string },
  establishment: { name: string; town: string; pageUrl: string; lastVerified: string | null },
  link: string,
  validDays: number,
): MailMessage {
  return layout(site, owner.email, `Vos informations sont-elles à jour ? — ${establishment.name}`, {
    paragraphs: [
      `Bonjour ${owner.firstName},`,
      establishment.lastVerified === null
        ? `Les informations ${ofName(establishment.name)} (${establishment.town}) sur ${site.name} n’ont encore jamais été confirmées.`
        : `Les informations ${ofName(establishment.name)} (${establishment.town}) sur ${site.name} ont été confirmées pour la dernière fois le ${establishment.lastVerified}.`,
      `Prenez une minute pour relire votre page (horaires, fermetures exceptionnelles, coordonnées) : ${establishment.pageUrl}`,
      `Si tout est juste, un clic suffit, sans vous connecter (lien valable ${validDays} jours, une seule fois) :`,
    ],
    highlight: { link, label: 'Mes informations sont à jour' },
    after: [
      `Sinon, corrigez-les depuis votre espace restaurateur : ${site.publicUrl}/espace-restaurateur`,
      'La date de la dernière vérification est affichée sur votre page : elle rassure vos clients.',
    ],
  });
}

/**
 * A visitor reported an error on the owner's page (« Signaler une erreur »): the reason in words and the
 * visitor's message, never the visitor's address (only the team sees it), and the way to « Signalements » in
 * the owner's space, where it answers « C’est corrigé » or « C’est juste » with a line (reports.service.ts
 * `answerReport`): the team reads the answer in its queue.
 */
export function reportMail(
  site: MailSite,
  owner: { email: string; firstName: string },
  establishment: { name: string; town: string },
  report: { reason: ReportReason; message: string | null },
): MailMessage {
  const reports = `${site.publicUrl}/espace-restaurateur/signalements`;
  const fixed = OWNER_ANSWER_LABELS.fixed;
  const disputed = OWNER_ANSWER_LABELS.disputed;
  return layout(site, owner.email, `Signalement sur votre page « ${establishment.name} »`, {
    paragraphs: [
      `Bonjour ${owner.firstName},`,
      `Un visiteur a signalé une erreur sur la page ${ofName(establishment.name)} (${establishment.town}) sur ${site.name}.`,
      `Motif : ${REPORT_REASON_LABELS[report.reason]}`,
      report.message === null
        ? 'Le visiteur n’a pas laissé de précisions.'
        : `Précisions : « ${report.message} »`,
      `Vérifiez les informations de votre page, corrigez-les si besoin, puis répondez au signalement dans « Signalements » de votre espace restaurateur : « ${fixed} » si vous l’avez corrigée, « ${disputed} » avec une ligne d’explication si elle est exacte.`,
    ],
    highlight: { link: reports, label: 'Répondre au signalement' },
    after: ['L’équipe a reçu ce signalement elle aussi : votre réponse l’aide à le traiter.'],
  });
}

/**
 * The visitor who left an address with a report is told, once, that the team handled it: corrected, or
 * looked at and found right (reports.service.ts keeps `reporter_told_at`). Never who handled it, nor the
 * owner's words.
 */
export function reportHandledMail(
  site: MailSite,
  to: string,
  establishment: { name: string; town: string; pageUrl: string | null },
  report: { reason: ReportReason; outcome: 'resolved' | 'dismissed' },
): MailMessage {
  const about = `la page ${ofName(establishment.name)} (${establishment.town}), motif « ${REPORT_REASON_LABELS[report.reason]} »`;
  return layout(site, to, `Votre signalement sur ${site.name} a été traité`, {
    paragraphs: [
      'Bonjour,',
      report.outcome === 'resolved'
        ? `Merci d’avoir signalé une erreur sur ${about}. L’équipe ${site.name} l’a examinée : la page a été corrigée.`
        : `Merci d’avoir signalé une erreur sur ${about}. L’équipe ${site.name} a vérifié les informations de la page et les a jugées justes : elle n’a pas été modifiée.`,
    ],
    ...(establishment.pageUrl === null
      ? {}
      : { highlight: { link: establishment.pageUrl, label: 'Voir la page' } }),
    after: ['Vous ne recevrez pas d’autre message à propos de ce signalement.'],
  });
}
