import { REPORT_REASONS, type ReportReason } from '@tables-voisines/contract/reports';

/** What the visitor typed, sent back with the errors so that nothing is lost (without JavaScript too). */
export interface ReportValues {
  reason: ReportReason | null;
  message: string;
  email: string;
}

export type ReportField = 'reason' | 'message' | 'email';

/** The action's answer: sent, or why not (per field, or for the whole form). */
export type ReportAnswer =
  | { sent: true }
  | {
      sent: false;
      values: ReportValues;
      errors: Partial<Record<ReportField, string>>;
      formError: string | null;
    };

export const EMPTY_REPORT_VALUES: ReportValues = { reason: null, message: '', email: '' };

export const RATE_LIMITED_MESSAGE =
  'Trop de signalements envoyés depuis votre connexion, réessayez dans une heure.';
export const NO_REASON_MESSAGE = 'Choisissez ce qu’il faut corriger.';
export const UNEXPECTED_MESSAGE = 'Le signalement n’a pas pu être envoyé. Réessayez dans quelques instants.';

const text = (value: FormDataEntryValue | null) => (typeof value === 'string' ? value : '');

/** The form's fields as the visitor sent them; an unknown reason is no reason. */
export function readReportForm(form: FormData): ReportValues {
  const reason = text(form.get('reason'));
  return {
    reason: (REPORT_REASONS as readonly string[]).includes(reason) ? (reason as ReportReason) : null,
    message: text(form.get('message')),
    email: text(form.get('email')),
  };
}

/** An error as the API process throws it (the contract's `AppError`, from another copy of the module). */
interface ThrownAppError {
  code: string;
  message: string;
  details?: unknown;
}

export function isThrownAppError(error: unknown): error is ThrownAppError {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

/** The French message of each field a `ValidationError` names; the first one per field. */
export function fieldErrorsOf(details: unknown, values: ReportValues): Partial<Record<ReportField, string>> {
  const errors: Partial<Record<ReportField, string>> = {};
  if (!Array.isArray(details)) return errors;
  for (const issue of details as { path?: unknown; message?: unknown }[]) {
    const field = issue.path;
    if ((field === 'reason' || field === 'message' || field === 'email') && errors[field] === undefined) {
      errors[field] = typeof issue.message === 'string' ? issue.message : 'Valeur invalide.';
    }
  }
  // No radio button chosen: the schema's « Motif inconnu » speaks to programs, not to visitors.
  if (errors.reason !== undefined && values.reason === null) errors.reason = NO_REASON_MESSAGE;
  return errors;
}
