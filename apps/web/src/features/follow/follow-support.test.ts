import { describe, expect, it } from 'vitest';
import {
  browserFamily,
  followSupport,
  frenchSpacing,
  iosVersion,
  noticeText,
  readerOf,
  type BrowserTraits,
  type FollowProblem,
} from './follow-support';

const UA = {
  chromeDesktop:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  firefoxDesktop: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  chromeIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
  oldIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 16_3 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.3 Mobile/15E148 Safari/604.1',
  // An iPad asking for desktop sites says it is a Mac (its touch screen tells it apart).
  ipadAsMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.1 Safari/605.1.15',
};

function traits(overrides: Partial<BrowserTraits> = {}): BrowserTraits {
  return {
    secure: true,
    serviceWorker: true,
    pushManager: true,
    notification: true,
    userAgent: UA.chromeDesktop,
    maxTouchPoints: 0,
    standalone: false,
    ...overrides,
  };
}

/** What the visitor reads, as one text: the sentence, then each step. */
function read(problem: FollowProblem, t: BrowserTraits = traits()): string {
  const { text, steps } = noticeText(
    { type: 'problem', problem, action: 'follow' },
    readerOf(t, 'Tables Voisines'),
  );
  return [text, ...steps].join('\n');
}

describe('whether this browser can be told of a place’s board', () => {
  it('can, in a desktop or Android browser with the Push API and notifications', () => {
    expect(followSupport(traits())).toBe('supported');
    expect(followSupport(traits({ userAgent: UA.firefoxDesktop }))).toBe('supported');
    expect(followSupport(traits({ userAgent: UA.chromeAndroid, maxTouchPoints: 5 }))).toBe('supported');
  });

  it('asks an iPhone or iPad to add the site to its home screen first, in Safari as in any other browser', () => {
    for (const userAgent of [UA.safariIphone, UA.chromeIphone]) {
      // Safari hides the Push API outside the installed app; a browser that shows it would still not deliver.
      expect(followSupport(traits({ userAgent, pushManager: false, notification: false }))).toBe(
        'install-ios',
      );
      expect(followSupport(traits({ userAgent }))).toBe('install-ios');
    }
    const recentIpad = UA.ipadAsMac.replace('Version/16.1', 'Version/17.4');
    expect(followSupport(traits({ userAgent: recentIpad, maxTouchPoints: 5, pushManager: false }))).toBe(
      'install-ios',
    );
    // Installed: as any browser.
    expect(followSupport(traits({ userAgent: UA.safariIphone, standalone: true }))).toBe('supported');
  });

  it('asks for an update on an iOS older than 16.4, which has no web notifications at all', () => {
    expect(iosVersion(UA.oldIphone)).toBe(1603);
    expect(iosVersion(UA.safariIphone)).toBe(1705);
    expect(iosVersion(UA.ipadAsMac)).toBe(1601);
    expect(iosVersion(UA.chromeDesktop)).toBeNull();
    expect(followSupport(traits({ userAgent: UA.oldIphone, pushManager: false }))).toBe('update-ios');
    expect(followSupport(traits({ userAgent: UA.ipadAsMac, maxTouchPoints: 5 }))).toBe('update-ios');
    // A Mac's Safari is no iPad, whatever its version.
    expect(followSupport(traits({ userAgent: UA.ipadAsMac }))).toBe('supported');
  });

  it('cannot over plain HTTP, nor in a browser without the Push API', () => {
    expect(followSupport(traits({ secure: false }))).toBe('insecure');
    expect(followSupport(traits({ pushManager: false }))).toBe('unsupported');
    expect(followSupport(traits({ serviceWorker: false }))).toBe('unsupported');
    expect(followSupport(traits({ notification: false }))).toBe('unsupported');
  });

  it('names the browser families whose settings it explains', () => {
    expect(browserFamily(UA.chromeDesktop)).toBe('chromium');
    expect(browserFamily(UA.chromeIphone)).toBe('chromium');
    expect(browserFamily(UA.firefoxDesktop)).toBe('firefox');
    expect(browserFamily(UA.safariMac)).toBe('safari');
    expect(browserFamily(UA.safariIphone)).toBe('safari');
    expect(browserFamily('Un navigateur inconnu')).toBe('other');
  });
});

describe('what « Suivre » says', () => {
  it('says how to allow notifications again once blocked, in the words of each browser', () => {
    expect(read('blocked')).toBe(
      [
        'Les notifications sont bloquées pour ce site\u00a0: nous ne pouvons pas vous prévenir. Pour les autoriser\u00a0:',
        'Cliquez sur l’icône à gauche de l’adresse (les paramètres du site).',
        'Autorisez «\u00a0Notifications\u00a0».',
        'Cliquez à nouveau sur «\u00a0Suivre\u00a0» sur cette page.',
      ].join('\n'),
    );
    expect(read('blocked', traits({ userAgent: UA.chromeAndroid, maxTouchPoints: 5 }))).toContain(
      'Ouvrez «\u00a0Autorisations\u00a0», puis autorisez «\u00a0Notifications\u00a0».\nTouchez à nouveau «\u00a0Suivre\u00a0»',
    );
    expect(read('blocked', traits({ userAgent: UA.firefoxDesktop }))).toContain(
      'Retirez le blocage à côté de «\u00a0Envoyer des notifications\u00a0».',
    );
    expect(read('blocked', traits({ userAgent: UA.safariMac }))).toContain(
      'Dans le menu Safari, ouvrez «\u00a0Réglages\u00a0», puis l’onglet «\u00a0Sites web\u00a0».',
    );
    // The installed app on an iPhone: the phone's own settings, under the app's name.
    expect(read('blocked', traits({ userAgent: UA.safariIphone, standalone: true }))).toContain(
      'Choisissez «\u00a0Tables Voisines\u00a0» et activez «\u00a0Autoriser les notifications\u00a0».',
    );
  });

  it('tells an iPhone how to add the site to its home screen, and to open Safari first from another browser', () => {
    expect(read('install-ios', traits({ userAgent: UA.safariIphone, maxTouchPoints: 5 }))).toBe(
      [
        'Sur iPhone et iPad, seules les applications ajoutées à l’écran d’accueil reçoivent des notifications. Pour installer Tables Voisines\u00a0:',
        'Touchez le bouton Partager (le carré avec une flèche vers le haut).',
        'Choisissez «\u00a0Sur l’écran d’accueil\u00a0», puis «\u00a0Ajouter\u00a0».',
        'Ouvrez Tables Voisines depuis l’écran d’accueil, revenez sur cette page et touchez «\u00a0Suivre\u00a0».',
      ].join('\n'),
    );
    expect(
      read('install-ios', traits({ userAgent: UA.chromeIphone, maxTouchPoints: 5 })).split('\n')[1],
    ).toBe('Ouvrez cette page dans Safari.');
  });

  it('says what to do when the browser cannot, or when something failed, in French with its spaces', () => {
    expect(read('unsupported')).toBe(
      'Ce navigateur ne peut pas recevoir de notifications de sites web. Essayez avec un navigateur à jour (Chrome, Firefox, Edge ou Safari), hors navigation privée.',
    );
    expect(read('update-ios')).toContain(
      'iOS 16.4 ou plus récent\u00a0: Réglages\u00a0› Général\u00a0› Mise à jour',
    );
    expect(read('dismissed')).toBe(
      'Vous n’avez pas autorisé les notifications\u00a0: sans elles, nous ne pouvons pas vous prévenir. Cliquez à nouveau sur «\u00a0Suivre\u00a0» pour les autoriser.',
    );
    expect(read('dismissed', traits({ userAgent: UA.chromeAndroid, maxTouchPoints: 5 }))).toContain(
      'Touchez à nouveau «\u00a0Suivre\u00a0» pour les autoriser.',
    );
    expect(read('private-window')).toContain('navigation privée');
    expect(read('offline')).toBe('Vous êtes hors ligne\u00a0: réessayez une fois la connexion revenue.');
    const failed = noticeText(
      { type: 'problem', problem: 'server', action: 'unfollow' },
      readerOf(traits(), 'X'),
    );
    expect(failed).toEqual({
      text: 'Le désabonnement n’a pas pu être enregistré. Veuillez réessayer dans quelques instants.',
      steps: [],
      tone: 'problem',
    });
  });

  it('says who is followed, or no longer', () => {
    const reader = readerOf(traits(), 'Tables Voisines');
    expect(noticeText({ type: 'followed', name: 'La Marmite' }, reader)).toEqual({
      text: 'Vous suivez La Marmite\u00a0: une notification vous prévient dès que son ardoise du jour est publiée.',
      steps: [],
      tone: 'done',
    });
    expect(noticeText({ type: 'unfollowed', name: 'La Marmite' }, reader).text).toBe(
      'Vous ne suivez plus La Marmite.',
    );
  });

  it('keeps « : », « ? » and guillemets with their words on a line', () => {
    expect(frenchSpacing('Pour les autoriser : « Suivre » ? Oui !')).toBe(
      'Pour les autoriser\u00a0: «\u00a0Suivre\u00a0»\u00a0? Oui\u00a0!',
    );
  });
});
