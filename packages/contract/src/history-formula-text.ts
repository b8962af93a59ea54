/**
 * A menu board's formules in the change history, in French: what was added, removed or changed in each
 * (history-board-text.ts and history-text.ts tell the rest of an entry). Pure functions, no zod, no DOM.
 */
import { formulaCoursesText, priceText } from './courses';
import { isEmpty, isRecord, valueText } from './history-values';

/** A formule as the history keeps it (the board's answer at the time). */
interface HistoryFormula {
  name: string;
  price?: unknown;
  courses?: unknown;
  description?: unknown;
}

const isFormula = (value: unknown): value is HistoryFormula =>
  isRecord(value) && typeof value.name === 'string';

/** The formules of a value, `[]` for none; `null` when it is not a list of formules. */
function formulasOf(value: unknown): HistoryFormula[] | null {
  if (isEmpty(value)) return [];
  return Array.isArray(value) && value.every(isFormula) ? value : null;
}

const isCombinations = (value: unknown): value is string[][] =>
  Array.isArray(value) &&
  value.every((c) => Array.isArray(c) && c.every((course) => typeof course === 'string'));

/** « entrée + plat ou plat + dessert », lower case as in a sentence; `null` when it cannot be told. */
function combinationsText(value: unknown): string | null {
  if (!isCombinations(value)) return null;
  const text = formulaCoursesText(value);
  return text === '' ? null : text.charAt(0).toLocaleLowerCase('fr') + text.slice(1);
}

function descriptionText(value: unknown): string | null {
  const text = valueText(value);
  return text === null || text === 'vide' ? text : `« ${text} »`;
}

/** What a new formule says of itself: « (entrée + plat ou plat + dessert ; 16,50 €) ». */
function addedFormulaText(formula: HistoryFormula): string {
  const parts: string[] = [];
  const courses = combinationsText(formula.courses);
  if (courses !== null) parts.push(courses);
  if (typeof formula.price === 'number') parts.push(priceText(formula.price));
  if (typeof formula.description === 'string' && formula.description !== '') {
    parts.push(`« ${valueText(formula.description)} »`);
  }
  return parts.length === 0 ? '' : ` (${parts.join(' ; ')})`;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const FORMULA_FIELDS: readonly [keyof HistoryFormula, string, (value: unknown) => string | null][] = [
  ['price', 'prix', (v) => (typeof v === 'number' ? priceText(v) : null)],
  ['courses', 'composition', combinationsText],
  ['description', 'description', descriptionText],
];

function changedFormulaText(before: HistoryFormula, after: HistoryFormula): string[] {
  const parts: string[] = [];
  for (const [field, label, text] of FORMULA_FIELDS) {
    if (!(field in before) || !(field in after) || sameJson(before[field], after[field])) continue;
    const from = text(before[field]);
    const to = text(after[field]);
    parts.push(from === null || to === null ? `${label} modifiée` : `${label} : ${from} → ${to}`);
  }
  return parts;
}

/**
 * A board's formules, before and after, one part each, matched by name: « formule « Formule du midi » ajoutée
 * (entrée + plat ou plat + dessert ; 16,50 €) », « formule « Express » retirée », « formule « Midi » modifiée
 * (prix : 15 € → 16,50 €) », or « ordre des formules modifié »; `[]` when nothing changed, `null` when a value
 * is not a list of formules.
 */
export function formulasParts(from: unknown, to: unknown): string[] | null {
  const before = formulasOf(from);
  const after = formulasOf(to);
  if (before === null || after === null) return null;
  const first = (formulas: HistoryFormula[]) => {
    const found = new Map<string, HistoryFormula>();
    for (const formula of formulas) if (!found.has(formula.name)) found.set(formula.name, formula);
    return found;
  };
  const beforeByName = first(before);
  const afterByName = first(after);
  const parts: string[] = [];
  for (const [name, formula] of afterByName) {
    const was = beforeByName.get(name);
    if (was === undefined) {
      parts.push(`formule « ${name} » ajoutée${addedFormulaText(formula)}`);
    } else {
      const changed = changedFormulaText(was, formula);
      if (changed.length > 0) parts.push(`formule « ${name} » modifiée (${changed.join(' ; ')})`);
    }
  }
  for (const name of beforeByName.keys()) {
    if (!afterByName.has(name)) parts.push(`formule « ${name} » retirée`);
  }
  if (parts.length === 0) {
    const names = (formulas: HistoryFormula[]) => formulas.map((f) => f.name).join('\n');
    return names(before) !== names(after) ? ['ordre des formules modifié'] : [];
  }
  return parts;
}

/** `formulasParts` in one line; `null` when it cannot be told or nothing changed. */
export function formulasText(from: unknown, to: unknown): string | null {
  const parts = formulasParts(from, to);
  return parts === null || parts.length === 0 ? null : parts.join(' ; ');
}

/** The formules a board holds, as a list names them: « « Formule du midi » (16,50 €) ». */
export function formulaNamesText(value: unknown): string | null {
  const formulas = formulasOf(value);
  if (formulas === null || formulas.length === 0) return null;
  return formulas
    .map((f) => (typeof f.price === 'number' ? `« ${f.name} » (${priceText(f.price)})` : `« ${f.name} »`))
    .join(', ');
}
