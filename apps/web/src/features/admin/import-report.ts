import type {
  EstablishmentImport,
  ImportReport,
  ImportUndone,
} from '@tables-voisines/contract/schemas/establishment-import';
import { formatCount } from '../../lib/format';

/*
 * What the import screen says about a file's report, in French: the counts, the rows of its tables, the
 * result of an import and of its undoing. Pure, so that the wording is tested without a browser.
 */

/** Rows a table of the report shows at once: a file of 50,000 rows may have as many errors. */
export const REPORT_TABLE_ROWS = 100;

/** « 1 erreur », « 2 erreurs », « 0 erreur »: French takes the singular up to 1. */
export function countOf(count: number, one: string, many: string): string {
  return `${formatCount(count)} ${count > 1 ? many : one}`;
}

/** « 12 à créer, 3 à mettre à jour, 40 inchangés, 2 doublons probables, 1 erreur ». */
export function reportSummary(report: ImportReport): string {
  return [
    `${formatCount(report.created)} à créer`,
    `${formatCount(report.updated)} à mettre à jour`,
    countOf(report.unchanged, 'inchangé', 'inchangés'),
    countOf(report.duplicates.length, 'doublon probable', 'doublons probables'),
    countOf(report.errors.length, 'erreur', 'erreurs'),
  ].join(', ');
}

/** How a likely duplicate was found. */
export const DUPLICATE_REASONS: Readonly<Record<ImportReport['duplicates'][number]['reason'], string>> = {
  'same-source': 'même source',
  'nearby-same-name': 'même nom à moins de 100 m',
};

/** A table of the report: its first rows, and how many it has in all (to say when some are left out). */
export interface ReportTable<Row> {
  rows: Row[];
  total: number;
}

export interface ErrorRow {
  key: string;
  row: string;
  field: string;
  message: string;
}

export interface DuplicateRow {
  key: string;
  row: string;
  id: string;
  name: string;
  reason: string;
}

/** The errors, by row then in the file's order of columns (as the server lists them), the first 100. */
export function errorTable(report: ImportReport, limit = REPORT_TABLE_ROWS): ReportTable<ErrorRow> {
  return {
    total: report.errors.length,
    rows: report.errors.slice(0, limit).map((error, index) => ({
      key: `${error.row}-${index}`,
      row: formatCount(error.row),
      // A row's error with no column (a row with too many cells) has no field: a dash rather than nothing.
      field: error.field === '' ? '—' : error.field,
      message: error.message,
    })),
  };
}

/** The likely duplicates, each with the place it would duplicate, the first 100. */
export function duplicateTable(report: ImportReport, limit = REPORT_TABLE_ROWS): ReportTable<DuplicateRow> {
  return {
    total: report.duplicates.length,
    rows: report.duplicates.slice(0, limit).map((duplicate, index) => ({
      key: `${duplicate.row}-${index}`,
      row: formatCount(duplicate.row),
      id: duplicate.existing.id,
      name: duplicate.existing.name,
      reason: DUPLICATE_REASONS[duplicate.reason],
    })),
  };
}

/** Under a table cut short: « Les 100 premières sur 2 345. »; nothing when it is whole. */
export function tableCutNote(table: ReportTable<unknown>): string | null {
  if (table.rows.length >= table.total) return null;
  return `Les ${formatCount(table.rows.length)} premières lignes sur ${formatCount(table.total)} : corrigez-les, puis déposez le fichier à nouveau pour voir les suivantes.`;
}

/** Why « Importer » is not offered, or `null` when it is. */
export function importBlockedReason(report: ImportReport): string | null {
  if (report.errors.length > 0)
    return 'Corrigez les erreurs du fichier\u00a0: rien ne sera importé tant qu’il en reste.';
  if (report.created === 0 && report.updated === 0)
    return 'Ce fichier ne change rien\u00a0: rien à importer.';
  return null;
}

const PARIS_TIME = new Intl.DateTimeFormat('fr-FR', {
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Europe/Paris',
});

/** An instant's time in Paris as French writes it, no-break spaces around the h: « 14 h 32 », « 9 h 05 ». */
export function parisTime(instant: string | Date): string {
  const parts = PARIS_TIME.formatToParts(new Date(instant));
  const hour = Number(parts.find((part) => part.type === 'hour')?.value ?? '0');
  const minute = parts.find((part) => part.type === 'minute')?.value ?? '00';
  return `${hour}\u00a0h\u00a0${minute}`;
}

/** « Annuler cet import » and until when: « jusqu’à 14 h 32 ». */
export function undoableUntilText(undoableUntil: string): string {
  return `jusqu’à ${parisTime(undoableUntil)}`;
}

/** What a real import did: « 12 établissements créés et 3 mis à jour. », or that it changed nothing. */
export function importResultText(report: Pick<ImportReport, 'created' | 'updated'>): string {
  const { created, updated } = report;
  if (created === 0 && updated === 0) return 'Import terminé\u00a0: aucun établissement n’a changé.';
  const parts: string[] = [];
  if (created > 0) parts.push(countOf(created, 'établissement créé', 'établissements créés'));
  if (updated > 0)
    parts.push(
      created > 0
        ? countOf(updated, 'mis à jour', 'mis à jour')
        : countOf(updated, 'établissement mis à jour', 'établissements mis à jour'),
    );
  return `Import terminé\u00a0: ${parts.join(' et ')}.`;
}

/** What undoing did: « Import annulé : 12 établissements supprimés, 3 remis comme avant. » */
export function undoneText(done: ImportUndone): string {
  const parts: string[] = [];
  if (done.deleted > 0)
    parts.push(countOf(done.deleted, 'établissement supprimé', 'établissements supprimés'));
  if (done.restored > 0)
    parts.push(
      done.deleted > 0
        ? countOf(done.restored, 'remis comme avant', 'remis comme avant')
        : countOf(done.restored, 'établissement remis comme avant', 'établissements remis comme avant'),
    );
  return parts.length === 0 ? 'Import annulé.' : `Import annulé\u00a0: ${parts.join(', ')}.`;
}

/** The question before undoing an import. */
export function undoQuestion(entry: Pick<EstablishmentImport, 'fileName' | 'created' | 'updated'>): {
  title: string;
  content: string;
} {
  const lines: string[] = [];
  if (entry.created > 0)
    lines.push(
      `${countOf(entry.created, 'établissement créé sera supprimé', 'établissements créés seront supprimés')}.`,
    );
  if (entry.updated > 0)
    lines.push(
      entry.updated > 1
        ? `${formatCount(entry.updated)} établissements mis à jour retrouveront leurs valeurs d’avant l’import.`
        : 'L’établissement mis à jour retrouvera ses valeurs d’avant l’import.',
    );
  lines.push('L’annulation est refusée si l’un d’eux a été modifié depuis.');
  return {
    title: `Annuler l’import du fichier «\u00a0${entry.fileName}\u00a0»\u00a0?`,
    content: lines.join(' '),
  };
}

/** One import of the history, as its table says it: « 12 créés, 3 mis à jour ». */
export function importCounts(entry: Pick<EstablishmentImport, 'created' | 'updated'>): string {
  return `${countOf(entry.created, 'créé', 'créés')}, ${formatCount(entry.updated)} mis à jour`;
}
