import type { Category } from './schemas/category';
import type { Kind, PublicEstablishment } from './schemas/establishment';
import type { Group } from './schemas/group';
import type { MenuBoard } from './schemas/menu-board';
import type { ReportCreated } from './schemas/report';
import type { ContactMessageCreated } from './schemas/access';

/** What every page may show of the configuration: no secret, nothing server-only. */
export interface PublicSettings {
  siteName: string;
  siteShortName: string;
  /** Absolute, without a trailing slash: canonical addresses, OpenGraph, sitemaps. */
  publicUrl: string;
  /** `null`: the bundled offline style. */
  mapStyleUrl: string | null;
  /**
   * From this many public establishments, the map draws the server's clusters of its view while nothing is
   * filtered, instead of handing every establishment to MapLibre (`MAP_SERVER_CLUSTERS_FROM`).
   */
  mapServerClustersFrom: number;
  /**
   * Seconds after a confirmation code was sent before another may be asked (`CONFIRMATION_RESEND_DELAY_SECONDS`):
   * the confirmation screen counts them down on its « Renvoyer un code » button.
   */
  confirmationResendDelaySeconds: number;
  /** The team's address (`CONTACT_EMAIL`), shown on « Nous contacter ». */
  contactEmail: string;
  iosAppId: string;
  androidPackageId: string;
}

/** A public establishment near another, as its page links it: where it is and how far, in metres. */
export interface NearbyEstablishment {
  kind: Kind;
  name: string;
  uri: string;
  town: string;
  distanceMeters: number;
}

/**
 * A page address of a place that is no more (410): closed for good (`closed`) or its page deleted
 * (`deleted`), with the public places nearest to where it was.
 */
export interface GonePlace {
  reason: 'closed' | 'deleted';
  kind: Kind;
  name: string;
  town: string;
  nearby: NearbyEstablishment[];
}

/** A public page the 404 suggests for an address nothing holds (« Vous cherchiez peut-être : … »). */
export interface PageSuggestion {
  kind: Kind;
  uri: string;
  name: string;
  town: string;
}

/**
 * The live reads the server-rendered pages need, handed to React Router loaders by the API process
 * (no HTTP round trip). Types only: the API implements it, the web app reads it from the load context.
 * Reads answer `null` or an empty list when there is nothing to show.
 */
export interface PublicData {
  settings: PublicSettings;
  /** The time now on the server's clock (the app's, which tests move): what a page says is open now. */
  now(): Date;
  /**
   * An enabled establishment by id, exact uri, or a uri it had before (its `uri` then differs from the one
   * asked); `null` when unknown, disabled or closed for good.
   */
  getPublicEstablishment(idOrUri: string): Promise<PublicEstablishment | null>;
  /**
   * An address (id, current or earlier uri) of a place closed for good or deleted, with at most `limit`
   * places nearby; `null` for any other address (unknown, hidden, or a live page).
   */
  getGonePlace(idOrUri: string, limit: number): Promise<GonePlace | null>;
  /**
   * For an address no page has, had or lost exactly: the one public page one of whose addresses is the same
   * once accents, case and punctuation are folded (`le-vesuve-a-cavaillon` for `le-vésuve-a-cavaillon`);
   * `null` when none is, or several are.
   */
  findPageByFoldedAddress(uri: string): Promise<{ kind: Kind; uri: string } | null>;
  /** At most `limit` public pages whose name and town are nearest to the words of an address, nearest first. */
  suggestPages(uri: string, limit: number): Promise<PageSuggestion[]>;
  /** Today's menu board (Europe/Paris) of an establishment, the latest when it has several. */
  getTodayMenuBoard(establishmentId: string): Promise<MenuBoard | null>;
  /** Groups whose circle contains the establishment, plus those it was added to, by name. */
  getEstablishmentGroups(establishmentId: string): Promise<Group[]>;
  listGroups(): Promise<Group[]>;
  /**
   * The public establishments nearest to this one (itself left out), nearest first, at most `limit` and
   * within a few tens of kilometres; empty when it is unknown or has none near.
   */
  getNearbyEstablishments(establishmentId: string, limit: number): Promise<NearbyEstablishment[]>;
  /** Categories by id, in French, in the order asked; unknown ids are left out. */
  getCategories(ids: readonly string[]): Promise<Category[]>;
  /**
   * A visitor's report from the page's own form (« Signaler une erreur », which works without JavaScript):
   * the same rules as `POST /api/establishment/{id}/reports`, the same limit per `clientAddress`. `body` is
   * unchecked (a form's fields); bad input, an unknown or disabled establishment and too many reports throw
   * the contract's `AppError` (`ValidationError` with its field messages, `NotFound`, `RateLimited`).
   */
  submitReport(establishmentId: string, body: unknown, clientAddress: string): Promise<ReportCreated>;
  /**
   * « Nous contacter »'s form, which works without JavaScript: the same rules and limit per `clientAddress`
   * as `POST /api/contact-messages/`; bad input throws `ValidationError`, too many messages `RateLimited`.
   */
  submitContactMessage(body: unknown, clientAddress: string): Promise<ContactMessageCreated>;
  /** What the open data files hold now, for « Données ouvertes »: their sizes and the date of their data. */
  getOpenDataSummary(): Promise<OpenDataSummary>;
}

/** The open data files as their page describes them. */
export interface OpenDataSummary {
  /** Visible establishments (the two establishment files' rows). */
  establishments: number;
  /** The latest change of one of them (ISO 8601), `null` when there is none. */
  establishmentsUpdatedAt: string | null;
  /** Today in Paris (`YYYY-MM-DD`): the day of the dishes file. */
  day: string;
  /** Today's dishes of places open today (the dishes file's rows). */
  dishes: number;
}
