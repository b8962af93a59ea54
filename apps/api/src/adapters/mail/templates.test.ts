import { describe, expect, it } from 'vitest';
import type { MailMessage } from './mailer';
import {
  reportHandledMail,
  reportMail,
  teamChangeMail,
  verifyReminderMail,
  claimCodeMail,
  type TeamChange,
} from './templates';

/*
 * Issue 48, point 9: a name opening with « Le » or « Les » after « de » or « à » contracts (« du Comptoir »,
 * « aux Burgers de Fanny »). Every mail naming a place, rendered for both, says none of « de Le », « à Le »,
 * « de Les », « à Les ».
 */

const site = { name: 'Tables Voisines', publicUrl: 'https://tables.example' };
const owner = { email: 'lea@exemple.fr', firstName: 'Léa' };
const NAMES = ['Le Comptoir', 'Les Burgers de Fanny'];
const UNCONTRACTED = /\b(de|à) (Le|Les)\b/;

function mailsFor(name: string): [string, MailMessage][] {
  const place = { name, town: 'Lyon', email: 'contact@exemple.fr' };
  const page = { ...place, pageUrl: 'https://tables.example/restaurant/x' };
  const changes: TeamChange[] = [
    { kind: 'linked' },
    { kind: 'detached', deleted: false },
    { kind: 'detached', deleted: true },
    { kind: 'hidden', reason: null, lines: [] },
    { kind: 'shown', lines: [] },
    { kind: 'changed', lines: ['Nom modifié'] },
  ];
  return [
    ['claimCodeMail', claimCodeMail(site, place, 'ABCD2345')],
    ...changes.map((change): [string, MailMessage] => [
      `teamChangeMail ${change.kind}`,
      teamChangeMail(site, owner, page, change),
    ]),
    [
      'verifyReminderMail',
      verifyReminderMail(site, owner, { ...page, lastVerified: null }, 'https://tables.example/v', 14),
    ],
    ['reportMail', reportMail(site, owner, place, { reason: 'hours', message: null })],
    [
      'reportHandledMail resolved',
      reportHandledMail(site, 'v@exemple.fr', page, { reason: 'hours', outcome: 'resolved' }),
    ],
    [
      'reportHandledMail dismissed',
      reportHandledMail(site, 'v@exemple.fr', page, { reason: 'menu', outcome: 'dismissed' }),
    ],
  ];
}

describe('the mails name a place as French writes it', () => {
  it.each(NAMES)('never say « de Le », « à Les » and the like for « %s »', (name) => {
    for (const [what, mail] of mailsFor(name)) {
      for (const text of [mail.subject, mail.text])
        expect(UNCONTRACTED.exec(text)?.[0], what).toBeUndefined();
    }
  });

  it('contracts the name where a mail puts it after « de » or « à »', () => {
    const [linked] = mailsFor('Le Comptoir').filter(([what]) => what === 'teamChangeMail linked');
    expect(linked![1].subject).toBe('Votre compte est rattaché au Comptoir');
    const report = mailsFor('Les Burgers de Fanny').find(([what]) => what === 'reportMail')!;
    expect(report[1].text).toContain('une erreur sur la page des Burgers de Fanny (Lyon)');
  });
});

describe('the report mail to the owner', () => {
  const mail = reportMail(
    site,
    owner,
    { name: 'Le Comptoir', town: 'Lyon' },
    { reason: 'hours', message: null },
  );

  it('asks for an answer in « Signalements »: « C’est corrigé », or « C’est juste » with a line', () => {
    expect(mail.text).toContain(
      'Vérifiez les informations de votre page, corrigez-les si besoin, puis répondez au signalement dans « Signalements » de votre espace restaurateur : « C’est corrigé » si vous l’avez corrigée, « C’est juste » avec une ligne d’explication si elle est exacte.',
    );
    expect(mail.text).toContain(
      'L’équipe a reçu ce signalement elle aussi : votre réponse l’aide à le traiter.',
    );
    expect(mail.text).not.toContain('rien à faire');
  });

  it('links to « Signalements » in the owner’s space, by its absolute address', () => {
    const link = 'https://tables.example/espace-restaurateur/signalements';
    expect(mail.text).toContain(`Répondre au signalement : ${link}`);
    expect(mail.html).toContain(`href="${link}"`);
  });
});
