import { useEffect, useRef } from 'react';
import { data, Form, Link, useNavigation } from 'react-router';
import { MAX_CONTACT_MESSAGE_LENGTH } from '@tables-voisines/contract/schemas/access';
import { isThrownAppError } from '../../features/reports/report-answer';
import { useOfflineSending } from '../../features/site/offline-sending';
import { formatCount } from '../../lib/format';
import { clientAddressContext } from '../client-address-context';
import { publicDataContext } from '../public-data-context';
import type { Route } from './+types/contact';

type Field = 'name' | 'email' | 'message';
type Values = Record<Field, string>;
type Answer =
  | { sent: true }
  | { sent: false; values: Values; errors: Partial<Record<Field, string>>; formError: string | null };

const FIELDS: readonly Field[] = ['name', 'email', 'message'];
const IDS: Record<Field, string> = {
  name: 'contact-nom',
  email: 'contact-email',
  message: 'contact-message',
};
const UNEXPECTED = 'Le message n’a pas pu être envoyé. Réessayez dans quelques instants.';

export function loader({ context }: Route.LoaderArgs) {
  const { settings } = context.get(publicDataContext);
  return { contactEmail: settings.contactEmail, siteName: settings.siteName };
}

/**
 * The form's POST, with JavaScript or without: the message goes through the API process's own rules and
 * limit per client address (`POST /api/contact-messages/`'s); the answer is the thanks, or the errors with
 * what was typed (400, 429).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const text = (name: Field) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  const values: Values = { name: text('name'), email: text('email'), message: text('message') };
  const address = context.get(clientAddressContext);
  const failure = (status: number, errors: Partial<Record<Field, string>>, formError: string | null) =>
    data<Answer>({ sent: false, values, errors, formError }, { status });
  if (address === null) return failure(503, {}, UNEXPECTED);
  try {
    await context.get(publicDataContext).submitContactMessage(values, address);
    return data<Answer>({ sent: true });
  } catch (error) {
    if (!isThrownAppError(error)) throw error;
    if (error.code === 'RateLimited') return failure(429, {}, error.message);
    if (error.code !== 'ValidationError') throw error;
    const errors: Partial<Record<Field, string>> = {};
    for (const issue of Array.isArray(error.details)
      ? (error.details as { path: string; message: string }[])
      : []) {
      if ((FIELDS as readonly string[]).includes(issue.path)) errors[issue.path as Field] ??= issue.message;
    }
    return failure(400, errors, null);
  }
}

export function meta({ matches }: Route.MetaArgs) {
  const siteName = matches[0]?.loaderData?.siteName ?? 'Tables Voisines';
  return [
    { title: `Nous contacter — ${siteName}` },
    { name: 'description', content: `Écrire à l’équipe ${siteName}.` },
  ];
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const sending = navigation.state === 'submitting';
  const focusTarget = useRef<HTMLParagraphElement>(null);
  // Read offline (the worker's copy): sending needs the network, and the form says so.
  const offline = useOfflineSending('message');
  useEffect(() => {
    if (actionData !== undefined) focusTarget.current?.focus();
  }, [actionData]);
  const { contactEmail } = loaderData;

  const intro = (
    <p className="tv-text">
      Une question, une page à corriger, un établissement dont vous n’arrivez pas à prendre la main ? Écrivez
      à l’équipe à{' '}
      <a href={`mailto:${contactEmail}`} className="tv-link tv-strong">
        {contactEmail}
      </a>
      , ou avec le formulaire ci-dessous : nous vous répondrons par e-mail. Pour réutiliser nos données, voyez
      les{' '}
      <Link to="/donnees-ouvertes" className="tv-link tv-strong">
        données ouvertes
      </Link>
      .
    </p>
  );

  if (actionData?.sent === true) {
    return (
      <article className="tv-establishment" aria-label="Nous contacter">
        <div className="tv-report">
          <h1 className="tv-h1">Nous contacter</h1>
          <p ref={focusTarget} tabIndex={-1} role="status" className="tv-report__thanks">
            Merci, votre message a été transmis à l’équipe.
          </p>
          <p className="tv-text">Nous vous répondrons à l’adresse e-mail que vous avez donnée.</p>
        </div>
      </article>
    );
  }

  const failed = actionData?.sent === false ? actionData : null;
  const values = failed?.values ?? { name: '', email: '', message: '' };
  const errors = failed?.errors ?? {};
  const wrong = FIELDS.filter((field) => errors[field] !== undefined);
  const field = (name: Field, label: string, input: React.ReactNode, hint?: string) => (
    <div>
      <label htmlFor={IDS[name]} className="tv-label">
        {label}
      </label>
      {hint !== undefined && (
        <p id={`${IDS[name]}-aide`} className="tv-small tv-muted">
          {hint}
        </p>
      )}
      {input}
      {errors[name] !== undefined && (
        <p id={`${IDS[name]}-erreur`} className="tv-report__error">
          {errors[name]}
        </p>
      )}
    </div>
  );
  const described = (name: Field, hint = false) =>
    [hint && `${IDS[name]}-aide`, errors[name] !== undefined && `${IDS[name]}-erreur`]
      .filter(Boolean)
      .join(' ') || undefined;

  return (
    <article className="tv-establishment" aria-label="Nous contacter">
      <div className="tv-report">
        <h1 className="tv-h1">Nous contacter</h1>
        {intro}
        {failed !== null && (
          <div className="tv-report__summary">
            <p ref={focusTarget} tabIndex={-1} role="alert" className="tv-strong">
              {failed.formError ?? 'Le message n’a pas été envoyé : corrigez ce qui est indiqué.'}
            </p>
            {wrong.length > 0 && (
              <ul>
                {wrong.map((name) => (
                  <li key={name}>
                    <a href={`#${IDS[name]}`} className="tv-link">
                      {errors[name]}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
        {offline.notice}
        <Form method="post" noValidate className="tv-report__form" onSubmit={offline.onSubmit}>
          {field(
            'name',
            'Votre nom',
            <input
              id={IDS.name}
              name="name"
              autoComplete="name"
              maxLength={100}
              defaultValue={values.name}
              className="tv-input"
              required
              aria-describedby={described('name')}
              aria-invalid={errors.name !== undefined || undefined}
            />,
          )}
          {field(
            'email',
            'Votre adresse e-mail',
            <input
              id={IDS.email}
              name="email"
              type="email"
              autoComplete="email"
              maxLength={254}
              defaultValue={values.email}
              className="tv-input"
              required
              aria-describedby={described('email', true)}
              aria-invalid={errors.email !== undefined || undefined}
            />,
            'Pour vous répondre ; elle n’est montrée à personne d’autre.',
          )}
          {field(
            'message',
            'Votre message',
            <textarea
              id={IDS.message}
              name="message"
              rows={6}
              maxLength={MAX_CONTACT_MESSAGE_LENGTH}
              defaultValue={values.message}
              className="tv-input"
              required
              aria-describedby={described('message', true)}
              aria-invalid={errors.message !== undefined || undefined}
            />,
            `${formatCount(MAX_CONTACT_MESSAGE_LENGTH)} caractères au plus.`,
          )}
          <div>
            <button
              type="submit"
              className="tv-button tv-button--contained tv-button--full"
              disabled={sending}
            >
              {sending ? 'Envoi…' : 'Envoyer le message'}
            </button>
          </div>
        </Form>
        {/* What the statistics count and how to refuse them (decision 0087: no consent needed, but said). */}
        <section aria-labelledby="mesure-audience">
          <h2 id="mesure-audience" className="tv-h2">
            Mesure d’audience
          </h2>
          <p className="tv-text">
            Pour montrer aux restaurateurs ce que leur page leur apporte, le site compte, par restaurant et
            par jour, les pages vues et les appuis sur le numéro de téléphone (appel),
            «&nbsp;Itinéraire&nbsp;», le lien du site web et les boutons de partage, ainsi que les scans du QR
            code de l’affiche. Ce ne sont que des nombres : pas de cookie, pas d’identifiant, rien sur vous
            n’est gardé. Les robots ne sont pas comptés. Si votre navigateur demande de ne pas être suivi
            («&nbsp;Ne pas suivre&nbsp;», Do Not Track ou Global Privacy Control), rien n’est compté.
          </p>
        </section>
      </div>
    </article>
  );
}
