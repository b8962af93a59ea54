import { data, isRouteErrorResponse } from 'react-router';
import type { Kind } from '@tables-voisines/contract/labels';
import { loadReportPage } from '../../features/reports/load-report-page';
import {
  RATE_LIMITED_MESSAGE,
  UNEXPECTED_MESSAGE,
  fieldErrorsOf,
  isThrownAppError,
  readReportForm,
  type ReportAnswer,
} from '../../features/reports/report-answer';
import { ReportForm } from '../../features/reports/report-form';
import { useHardNavigationOnLoadFailure } from '../../features/navigation/use-hard-navigation-on-load-failure';
import { LoadingScreen } from '../../features/site/loading-screen';
import { NotFoundContent } from '../../features/site/not-found-content';
import { clientAddressContext } from '../client-address-context';
import { publicDataContext } from '../public-data-context';
import { useShowEstablishmentOnMap } from '../../features/map/map-store';
import type { Route } from './+types/report';

// Registered twice (routes.ts): `/restaurant/:uri/signaler` and `/remplisvert/:uri/signaler`.
const kindOf = (request: Request): Kind =>
  new URL(request.url).pathname.startsWith('/remplisvert/') ? 'remplisvert' : 'restaurant';

export function loader({ params, request, context }: Route.LoaderArgs) {
  return loadReportPage(context.get(publicDataContext), request, kindOf(request), params.uri);
}

/**
 * The form's POST, with JavaScript or without: the report goes through the API process's own rules and
 * limit per client address; the answer is the confirmation, or the errors with what was typed (400, 429).
 */
export async function action({ params, request, context }: Route.ActionArgs) {
  const publicData = context.get(publicDataContext);
  const { establishment } = await loadReportPage(publicData, request, kindOf(request), params.uri);
  const values = readReportForm(await request.formData());
  const address = context.get(clientAddressContext);
  const failure = (
    status: number,
    errors: Partial<Record<'reason' | 'message' | 'email', string>>,
    formError: string | null,
  ) => data<ReportAnswer>({ sent: false, values, errors, formError }, { status });
  if (address === null) return failure(503, {}, UNEXPECTED_MESSAGE);
  try {
    await publicData.submitReport(
      establishment.id,
      { reason: values.reason ?? undefined, message: values.message, email: values.email },
      address,
    );
    return data<ReportAnswer>({ sent: true });
  } catch (error) {
    if (!isThrownAppError(error)) throw error;
    switch (error.code) {
      case 'ValidationError':
        return failure(400, fieldErrorsOf(error.details, values), null);
      case 'RateLimited':
        return failure(429, {}, RATE_LIMITED_MESSAGE);
      case 'NotFound':
        throw data(null, { status: 404 });
      default:
        throw error;
    }
  }
}

export function headers() {
  return { 'X-Robots-Tag': 'noindex' };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const siteName = matches[0]?.loaderData?.siteName ?? 'Tables Voisines';
  const title =
    loaderData === undefined
      ? `Page introuvable — ${siteName}`
      : `Signaler une erreur — ${loaderData.establishment.name} — ${siteName}`;
  return [{ title }, { name: 'robots', content: 'noindex' }];
}

export default function Report({ loaderData, actionData }: Route.ComponentProps) {
  // Beside the form the map showed France, with no town named: the place reported, as beside its page.
  useShowEstablishmentOnMap(loaderData.establishment);
  return (
    <article
      className="tv-establishment"
      aria-label={`Signaler une erreur sur ${loaderData.establishment.name}`}
    >
      <ReportForm
        key={loaderData.establishment.id}
        establishment={loaderData.establishment}
        answer={actionData}
      />
    </article>
  );
}

/** Unknown or disabled establishment: the 404 page, the map still beside it. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const reloading = useHardNavigationOnLoadFailure(error);
  if (reloading) return <LoadingScreen />;
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundContent />;
  throw error;
}
