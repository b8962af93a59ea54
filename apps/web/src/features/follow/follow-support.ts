import { detectPlatform, type BannerPlatform } from '../pwa/smart-banner-rules';

/*
 * Whether this browser can receive a place's notification, and what « Suivre » says when it cannot or when
 * something failed: pure functions over what the browser tells (its features, its user agent, whether the
 * site runs as an installed app), so each case is tested without one.
 */

/** What the browser tells of itself (read once by `readBrowserTraits`). */
export interface BrowserTraits {
  /** `window.isSecureContext`: HTTPS, or this machine. */
  secure: boolean;
  serviceWorker: boolean;
  pushManager: boolean;
  notification: boolean;
  userAgent: string;
  maxTouchPoints: number;
  /** Runs as an installed app (display-mode standalone, or an iPhone's home screen). */
  standalone: boolean;
}

/**
 * - `supported`: the Push API and notifications are there;
 * - `install-ios`: an iPhone or iPad outside the app added to its home screen, where Safari (iOS 16.4 and
 *   later) gives neither: the app must be installed first;
 * - `update-ios`: an iOS older than 16.4, which has no web notifications at all;
 * - `insecure`: a page over plain HTTP (not this machine), where browsers give no service worker;
 * - `unsupported`: anything else without them (an old browser, some private windows, some in-app browsers).
 */
export type FollowSupport = 'supported' | 'install-ios' | 'update-ios' | 'insecure' | 'unsupported';

/** The iOS version a user agent names (`16.4` → 1604), `null` when it names none. */
export function iosVersion(userAgent: string): number | null {
  // An iPhone's (« CPU iPhone OS 16_3 »), an iPad's (« CPU OS 17_1 »); an iPad asking for desktop sites
  // says it is a Mac, and its Safari version is its iPadOS version.
  const match = /\bOS (\d+)_(\d+)/.exec(userAgent) ?? /Macintosh.*\bVersion\/(\d+)\.(\d+)/.exec(userAgent);
  return match === null ? null : Number(match[1]) * 100 + Number(match[2]);
}

export function followSupport(traits: BrowserTraits): FollowSupport {
  if (!traits.secure) return 'insecure';
  const pushable = traits.serviceWorker && traits.pushManager && traits.notification;
  if (detectPlatform(traits.userAgent, traits.maxTouchPoints) === 'ios') {
    const version = iosVersion(traits.userAgent);
    if (version !== null && version < 1604) return 'update-ios';
    // Web notifications reach only the apps added to the home screen (iOS 16.4): in any browser's tab,
    // whatever it says of its features, the app is installed first.
    if (!traits.standalone) return 'install-ios';
  }
  return pushable ? 'supported' : 'unsupported';
}

/** The browser families whose settings the explanations name. */
export type BrowserFamily = 'safari' | 'firefox' | 'chromium' | 'other';

export function browserFamily(userAgent: string): BrowserFamily {
  if (/Firefox\/|FxiOS/.test(userAgent)) return 'firefox';
  if (/Chrome\/|Chromium\/|CriOS|Edg\/|EdgiOS|SamsungBrowser/.test(userAgent)) return 'chromium';
  if (/Safari\//.test(userAgent) && /Version\//.test(userAgent)) return 'safari';
  return 'other';
}

/** Who reads the explanation: their device, browser, and the app's name (« Tables Voisines »). */
export interface Reader {
  platform: BannerPlatform | null;
  browser: BrowserFamily;
  standalone: boolean;
  appName: string;
}

export function readerOf(traits: BrowserTraits, appName: string): Reader {
  return {
    platform: detectPlatform(traits.userAgent, traits.maxTouchPoints),
    browser: browserFamily(traits.userAgent),
    standalone: traits.standalone,
    appName,
  };
}

export type FollowProblem =
  | Exclude<FollowSupport, 'supported'>
  /** Notifications refused for this site (`Notification.permission` is `denied`). */
  | 'blocked'
  /** The browser's question closed without an answer. */
  | 'dismissed'
  /** Permission granted, subscription refused: Chromium does so in a private window. */
  | 'private-window'
  /** The browser's push service did not answer, or failed. */
  | 'push-unavailable'
  /** The server does not post to this browser's push service. */
  | 'push-refused'
  /** No service worker ready on this page (blocked, or still installing after a long while). */
  | 'not-ready'
  | 'offline'
  /** The API failed or could not be reached. */
  | 'server'
  /** The place is no longer public. */
  | 'gone'
  | 'rate-limited';

/** What the follow button says in its live region. */
export type FollowNotice =
  | { type: 'followed'; name: string }
  | { type: 'unfollowed'; name: string }
  | { type: 'problem'; problem: FollowProblem; action: 'follow' | 'unfollow' };

export interface NoticeText {
  text: string;
  /** Steps to take, in order (a numbered list), after `text`. */
  steps: string[];
  tone: 'done' | 'problem';
}

const touches = (reader: Reader) => reader.platform !== null;

/** « Touchez à nouveau « Suivre ». » on a phone or tablet, « Cliquez à nouveau sur « Suivre ». » otherwise. */
function again(reader: Reader): string {
  return touches(reader)
    ? 'Touchez à nouveau « Suivre » sur cette page.'
    : 'Cliquez à nouveau sur « Suivre » sur cette page.';
}

/** How to allow notifications again once refused, in this browser's own words. */
export function unblockSteps(reader: Reader): string[] {
  if (reader.platform === 'ios') {
    return [
      'Ouvrez l’app Réglages, puis « Notifications ».',
      `Choisissez « ${reader.appName} » et activez « Autoriser les notifications ».`,
      `Revenez dans ${reader.appName} et touchez à nouveau « Suivre » sur cette page.`,
    ];
  }
  if (reader.platform === 'android') {
    return reader.browser === 'firefox'
      ? [
          'Touchez le cadenas à gauche de l’adresse.',
          'Ouvrez les autorisations du site et autorisez « Notifications ».',
          again(reader),
        ]
      : [
          'Touchez l’icône à gauche de l’adresse (les paramètres du site).',
          'Ouvrez « Autorisations », puis autorisez « Notifications ».',
          again(reader),
        ];
  }
  switch (reader.browser) {
    case 'chromium':
      return [
        'Cliquez sur l’icône à gauche de l’adresse (les paramètres du site).',
        'Autorisez « Notifications ».',
        again(reader),
      ];
    case 'firefox':
      return [
        'Cliquez sur l’icône à gauche de l’adresse.',
        'Retirez le blocage à côté de « Envoyer des notifications ».',
        again(reader),
      ];
    case 'safari':
      return [
        'Dans le menu Safari, ouvrez « Réglages », puis l’onglet « Sites web ».',
        'Choisissez « Notifications » dans la liste, puis « Autoriser » pour ce site.',
        again(reader),
      ];
    default:
      return [
        'Ouvrez les paramètres de votre navigateur pour ce site et autorisez les notifications.',
        again(reader),
      ];
  }
}

/** How to add the site to an iPhone's or iPad's home screen, where notifications reach it. */
export function installSteps(reader: Reader): string[] {
  return [
    ...(reader.browser === 'safari' ? [] : ['Ouvrez cette page dans Safari.']),
    'Touchez le bouton Partager (le carré avec une flèche vers le haut).',
    'Choisissez « Sur l’écran d’accueil », puis « Ajouter ».',
    `Ouvrez ${reader.appName} depuis l’écran d’accueil, revenez sur cette page et touchez « Suivre ».`,
  ];
}

/**
 * French spacing: a no-break space before « : », « ; », « ? », « ! » and « › », and inside guillemets, so
 * that none of them starts a line on a phone.
 */
export function frenchSpacing(text: string): string {
  return text.replace(/ ([:;?!»›])/g, '\u00a0$1').replace(/« /g, '«\u00a0');
}

const problem = (text: string, steps: string[] = []): NoticeText => ({ text, steps, tone: 'problem' });

/** What the button's live region says after a follow, an unfollow or a failure. */
export function noticeText(notice: FollowNotice, reader: Reader): NoticeText {
  const { text, steps, tone } = rawNoticeText(notice, reader);
  return { text: frenchSpacing(text), steps: steps.map(frenchSpacing), tone };
}

function rawNoticeText(notice: FollowNotice, reader: Reader): NoticeText {
  if (notice.type === 'followed') {
    return {
      text: `Vous suivez ${notice.name} : une notification vous prévient dès que son ardoise du jour est publiée.`,
      steps: [],
      tone: 'done',
    };
  }
  if (notice.type === 'unfollowed') {
    return { text: `Vous ne suivez plus ${notice.name}.`, steps: [], tone: 'done' };
  }
  const tap = touches(reader) ? 'touchez' : 'cliquez sur';
  switch (notice.problem) {
    case 'blocked':
      return problem(
        'Les notifications sont bloquées pour ce site : nous ne pouvons pas vous prévenir. Pour les autoriser :',
        unblockSteps(reader),
      );
    case 'dismissed':
      return problem(
        `Vous n’avez pas autorisé les notifications : sans elles, nous ne pouvons pas vous prévenir. ${touches(reader) ? 'Touchez à nouveau' : 'Cliquez à nouveau sur'} « Suivre » pour les autoriser.`,
      );
    case 'install-ios':
      return problem(
        `Sur iPhone et iPad, seules les applications ajoutées à l’écran d’accueil reçoivent des notifications. Pour installer ${reader.appName} :`,
        installSteps(reader),
      );
    case 'update-ios':
      return problem(
        'Pour recevoir des notifications, votre iPhone ou iPad doit avoir iOS 16.4 ou plus récent : Réglages › Général › Mise à jour logicielle.',
      );
    case 'insecure':
      return problem('Les notifications ne fonctionnent que sur une connexion sécurisée (adresse en https).');
    case 'unsupported':
      return problem(
        'Ce navigateur ne peut pas recevoir de notifications de sites web. Essayez avec un navigateur à jour (Chrome, Firefox, Edge ou Safari), hors navigation privée.',
      );
    case 'private-window':
      return problem(
        `Votre navigateur refuse les notifications dans cette fenêtre, sans doute parce qu’elle est en navigation privée. Ouvrez cette page dans une fenêtre normale, puis ${tap} « Suivre ».`,
      );
    case 'push-unavailable':
      return problem(
        'Le service de notifications de votre navigateur ne répond pas. Vérifiez votre connexion, puis réessayez.',
      );
    case 'push-refused':
      return problem(
        'Le service de notifications de ce navigateur n’est pas pris en charge. Essayez avec Chrome, Firefox, Edge ou Safari.',
      );
    case 'not-ready':
      return problem(
        'Les notifications ne sont pas encore prêtes sur cette page. Rechargez-la, puis réessayez.',
      );
    case 'offline':
      return problem('Vous êtes hors ligne : réessayez une fois la connexion revenue.');
    case 'gone':
      return problem('Cet établissement n’est plus en ligne : il ne peut plus être suivi.');
    case 'rate-limited':
      return problem('Trop de demandes en peu de temps. Veuillez réessayer dans quelques minutes.');
    case 'server':
      return problem(
        notice.action === 'follow'
          ? 'L’abonnement n’a pas pu être enregistré. Veuillez réessayer dans quelques instants.'
          : 'Le désabonnement n’a pas pu être enregistré. Veuillez réessayer dans quelques instants.',
      );
  }
}
