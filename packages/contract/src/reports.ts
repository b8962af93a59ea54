/** Reports of a wrong page (API.md, "Reports"): the words, without zod, for public pages. */

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
