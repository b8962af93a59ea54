/** Reports of a wrong page (docs/api.md, "Reports"): the words, without zod, for public pages. */

export const REPORT_REASONS = ['closed', 'hours', 'contact', 'menu', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

/** As the form and the back office say them. */
export const REPORT_REASON_LABELS: Readonly<Record<ReportReason, string>> = {
  closed: 'Fermé définitivement',
  hours: 'Horaires erronés',
  contact: 'Coordonnées erronées',
  menu: 'Ardoise erronée',
  other: 'Autre',
};

export const REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const REPORT_STATUS_LABELS: Readonly<Record<ReportStatus, string>> = {
  open: 'À traiter',
  resolved: 'Corrigé',
  dismissed: 'Écarté',
};

/** The owner's answer to a report about its page. */
export const OWNER_ANSWERS = ['fixed', 'disputed'] as const;
export type OwnerAnswerKind = (typeof OWNER_ANSWERS)[number];

export const OWNER_ANSWER_LABELS: Readonly<Record<OwnerAnswerKind, string>> = {
  fixed: 'C’est corrigé',
  disputed: 'C’est juste',
};
