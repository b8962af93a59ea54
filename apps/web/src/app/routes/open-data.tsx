import { formatFrenchDate } from '@tables-voisines/contract/closures';
import { parisDay } from '@tables-voisines/contract/paris-time';
import { formatCount } from '../../lib/format';
import { publicDataContext } from '../public-data-context';
import type { Route } from './+types/open-data';

/** Licence Ouverte 2.0 (Etalab): the licence of every open file (the API's `Link: rel="license"`). */
const LICENCE = 'https://www.etalab.gouv.fr/licence-ouverte-open-licence/';

export async function loader({ context }: Route.LoaderArgs) {
  const data = context.get(publicDataContext);
  const summary = await data.getOpenDataSummary();
  return { siteName: data.settings.siteName, summary };
}

export function meta({ matches }: Route.MetaArgs) {
  const siteName = matches[0]?.loaderData?.siteName ?? 'Tables Voisines';
  return [
    { title: `Données ouvertes — ${siteName}` },
    {
      name: 'description',
      content: `Les établissements et les ardoises du jour de ${siteName}, en fichiers libres de réutilisation (Licence Ouverte 2.0).`,
    },
  ];
}

const plural = (count: number, one: string, many: string) =>
  `${formatCount(count)} ${count === 1 ? one : many}`;

/** « Données ouvertes »: the three open files, what each holds, their licence and the date of their data. */
export default function OpenData({ loaderData }: Route.ComponentProps) {
  const { summary, siteName } = loaderData;
  const updated =
    summary.establishmentsUpdatedAt === null
      ? null
      : formatFrenchDate(parisDay(new Date(summary.establishmentsUpdatedAt)), summary.day);
  const today = formatFrenchDate(summary.day, summary.day);
  const files = [
    {
      href: '/api/open-data/establishments.geojson',
      name: 'Établissements (GeoJSON)',
      what: `${plural(summary.establishments, 'établissement', 'établissements')} en points, avec leurs coordonnées et leurs champs publics : pour une carte ou un SIG.`,
    },
    {
      href: '/api/open-data/establishments.csv',
      name: 'Établissements (CSV)',
      what: 'Les mêmes établissements en tableau (UTF-8, virgules, nombres avec un point), les horaires au format opening_hours d’OpenStreetMap.',
    },
    {
      href: '/api/open-data/menus.csv',
      name: 'Plats des ardoises du jour (CSV)',
      what: `${plural(summary.dishes, 'plat', 'plats')} du ${today}, un par ligne : établissement, prix, catégorie, allergènes, régimes, fait maison.`,
    },
  ];
  return (
    <article className="tv-establishment" aria-labelledby="donnees-ouvertes-titre">
      <div className="tv-report">
        <h1 id="donnees-ouvertes-titre" className="tv-h1">
          Données ouvertes
        </h1>
        <p className="tv-text">
          Les établissements de {siteName} et les plats de leurs ardoises du jour sont libres de réutilisation
          sous la{' '}
          <a href={LICENCE} className="tv-link tv-strong" rel="license">
            Licence Ouverte 2.0 (Etalab)
          </a>
          , à condition d’en citer la source : {'«\u00a0'}
          {siteName}
          {'\u00a0»'}. Les fichiers sont à jour à chaque modification
          {updated === null ? '' : ` ; la dernière date du ${updated}`}. Les ardoises sont celles du jour :
          celles des établissements fermés aujourd’hui n’y figurent pas.
        </p>
        <ul className="tv-open-data">
          {files.map((file) => (
            <li key={file.href}>
              <a href={file.href} className="tv-link tv-strong">
                {file.name}
              </a>
              <p className="tv-small tv-muted">{file.what}</p>
            </li>
          ))}
        </ul>
        <p className="tv-small tv-muted">
          Les fichiers se lisent aussi depuis un autre site (CORS) et répondent 304 tant qu’ils n’ont pas
          changé. Les photos n’y sont pas : leurs droits restent à leurs auteurs.
        </p>
      </div>
    </article>
  );
}
