import { useEffect, useRef } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { MAX_REPORT_MESSAGE_LENGTH } from '@tables-voisines/contract/schemas/report';
import { REPORT_REASONS, REPORT_REASON_LABELS } from '@tables-voisines/contract/reports';
import { ofName } from '@tables-voisines/contract/french-names';
import { establishmentPath } from '@tables-voisines/contract/site-paths';
import { ofNameParts } from '../../lib/name-after';
import { useOfflineSending } from '../site/offline-sending';
import type { ReportPageData } from './load-report-page';
import { EMPTY_REPORT_VALUES, type ReportAnswer, type ReportField } from './report-answer';

const FIELD_IDS: Record<ReportField, string> = {
  reason: 'signalement-motif',
  message: 'signalement-precisions',
  email: 'signalement-email',
};
const errorId = (field: ReportField) => `${FIELD_IDS[field]}-erreur`;

/** The ids an input is described by: its hint, then its error when it has one. */
const describedBy = (...ids: (string | false | undefined)[]) =>
  ids.filter((id): id is string => typeof id === 'string').join(' ') || undefined;

/**
 * « Signaler une erreur »: what is wrong (five reasons), a message (required for « Autre ») and an
 * optional address. A plain form: without JavaScript the browser posts it and the answer page shows the
 * confirmation or each field's error with what was typed; with it, React Router's `<Form>` posts it without
 * reloading and the focus goes to the confirmation or to the errors.
 */
export function ReportForm({
  establishment,
  answer,
}: {
  establishment: ReportPageData['establishment'];
  answer: ReportAnswer | undefined;
}) {
  const navigation = useNavigation();
  const sending = navigation.state === 'submitting';
  const focusTarget = useRef<HTMLParagraphElement>(null);
  const pagePath = establishmentPath(establishment.kind, establishment.uri);
  // Read offline (the worker's copy): sending needs the network, and the form says so.
  const offline = useOfflineSending('signalement');

  // After an answer the focus goes where the visitor must read: the thanks, or what to correct.
  useEffect(() => {
    if (answer !== undefined) focusTarget.current?.focus();
  }, [answer]);

  const ofParts = ofNameParts(establishment.name);
  const back = (
    <Link to={pagePath} className="tv-link tv-strong">
      Retour à la page {ofName(establishment.name)}
    </Link>
  );

  if (answer?.sent === true) {
    return (
      <div className="tv-report">
        <h1 className="tv-h1">Signaler une erreur</h1>
        <p ref={focusTarget} tabIndex={-1} role="status" className="tv-report__thanks">
          Merci, votre signalement a été transmis.
        </p>
        <p className="tv-text">
          L’équipe va vérifier la page {ofName(establishment.name)} et la corriger si besoin.
        </p>
        {back}
      </div>
    );
  }

  const failed = answer?.sent === false ? answer : null;
  const values = failed?.values ?? EMPTY_REPORT_VALUES;
  const errors = failed?.errors ?? {};
  const erroneous = (Object.keys(FIELD_IDS) as ReportField[]).filter((f) => errors[f] !== undefined);

  return (
    <div className="tv-report">
      <h1 className="tv-h1">Signaler une erreur</h1>
      <p className="tv-text tv-muted">
        Sur la page {ofParts[0]}
        <span className="tv-strong">{ofParts[1]}</span> ({establishment.town}). L’équipe reçoit votre
        signalement, le restaurateur aussi.
      </p>

      {failed !== null && (
        <div className="tv-report__summary">
          <p ref={focusTarget} tabIndex={-1} role="alert" className="tv-strong">
            {failed.formError ?? 'Le signalement n’a pas été envoyé : corrigez ce qui est indiqué.'}
          </p>
          {erroneous.length > 0 && (
            <ul>
              {erroneous.map((field) => (
                <li key={field}>
                  <a href={`#${FIELD_IDS[field]}`} className="tv-link">
                    {errors[field]}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}

      {offline.notice}
      <Form method="post" noValidate className="tv-report__form" onSubmit={offline.onSubmit}>
        <fieldset
          id={FIELD_IDS.reason}
          tabIndex={-1}
          aria-describedby={describedBy(errors.reason !== undefined && errorId('reason'))}
          aria-invalid={errors.reason !== undefined || undefined}
        >
          <legend className="tv-label">Que faut-il corriger ?</legend>
          {REPORT_REASONS.map((reason) => (
            <label key={reason} className="tv-check">
              <input
                type="radio"
                name="reason"
                value={reason}
                defaultChecked={values.reason === reason}
                required
              />
              {REPORT_REASON_LABELS[reason]}
            </label>
          ))}
          {errors.reason !== undefined && (
            <p id={errorId('reason')} className="tv-report__error">
              {errors.reason}
            </p>
          )}
        </fieldset>

        <div>
          <label htmlFor={FIELD_IDS.message} className="tv-label">
            Précisions
          </label>
          <p id={`${FIELD_IDS.message}-aide`} className="tv-small tv-muted">
            Obligatoire pour «&nbsp;Autre&nbsp;». Ce qui est faux, et ce qui serait juste si vous le savez.
          </p>
          <textarea
            id={FIELD_IDS.message}
            name="message"
            rows={5}
            maxLength={MAX_REPORT_MESSAGE_LENGTH}
            defaultValue={values.message}
            className="tv-input"
            aria-describedby={describedBy(
              `${FIELD_IDS.message}-aide`,
              errors.message !== undefined && errorId('message'),
            )}
            aria-invalid={errors.message !== undefined || undefined}
          />
          {errors.message !== undefined && (
            <p id={errorId('message')} className="tv-report__error">
              {errors.message}
            </p>
          )}
        </div>

        <div>
          <label htmlFor={FIELD_IDS.email} className="tv-label">
            Votre e-mail (facultatif)
          </label>
          <p id={`${FIELD_IDS.email}-aide`} className="tv-small tv-muted">
            Seule l’équipe le voit, pour vous répondre si besoin.
          </p>
          <input
            id={FIELD_IDS.email}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            defaultValue={values.email}
            className="tv-input"
            aria-describedby={describedBy(
              `${FIELD_IDS.email}-aide`,
              errors.email !== undefined && errorId('email'),
            )}
            aria-invalid={errors.email !== undefined || undefined}
          />
          {errors.email !== undefined && (
            <p id={errorId('email')} className="tv-report__error">
              {errors.email}
            </p>
          )}
        </div>

        <button type="submit" className="tv-button tv-button--contained tv-button--full" disabled={sending}>
          Envoyer le signalement
        </button>
      </Form>
      {back}
    </div>
  );
}
