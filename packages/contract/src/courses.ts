/**
 * A board's courses and formules as French restaurants write them (docs/api.md, "Set menus, courses and the
 * board's picture"): the order the page and the picture read them in, their headings, and a formule in words.
 * Pure functions, no zod, no DOM: the web, the picture and the server share them.
 */

/** A dish's course, in the order a board reads them. */
export const COURSES = ['entree', 'plat', 'dessert', 'autre'] as const;
export type Course = (typeof COURSES)[number];

/** Each course's heading on the page and the picture. */
export const COURSE_HEADINGS: Readonly<Record<Course, string>> = {
  entree: 'Entrées',
  plat: 'Plats',
  dessert: 'Desserts',
  autre: 'Et aussi',
};

/** Each course in a sentence, lower case: « entrée + plat », the history's « rubrique : entrée → plat ». */
export const COURSE_NAMES: Readonly<Record<Course, string>> = {
  entree: 'entrée',
  plat: 'plat',
  dessert: 'dessert',
  autre: 'autre',
};

/** The usual combinations of a formule, offered first by the owner's form. */
export const USUAL_FORMULA_COURSES: readonly (readonly Course[])[] = [
  ['entree', 'plat'],
  ['plat', 'dessert'],
  ['entree', 'plat', 'dessert'],
];

export const isCourse = (value: unknown): value is Course =>
  typeof value === 'string' && (COURSES as readonly string[]).includes(value);

/** A group of a board's dishes: `heading` null for a board none of whose dishes says its course. */
export interface CourseGroup<T> {
  course: Course | null;
  heading: string | null;
  items: T[];
}

/**
 * A board's dishes grouped by course, in the order a board reads them (« Entrées », « Plats », « Desserts »,
 * « Et aussi »), each group in the order given; dishes with no course come last, after « Et aussi » and under
 * it (a heading of their own would say nothing). A board none of whose dishes has a course (every board
 * written before courses existed) is one group with no heading, as it always read. Empty groups are left out.
 */
export function groupByCourse<T extends { course?: Course | null | undefined }>(
  items: readonly T[],
): CourseGroup<T>[] {
  if (items.every((item) => item.course == null)) {
    return items.length === 0 ? [] : [{ course: null, heading: null, items: [...items] }];
  }
  const groups: CourseGroup<T>[] = [];
  for (const course of COURSES) {
    const found = items.filter((item) => item.course === course);
    if (course === 'autre') found.push(...items.filter((item) => item.course == null));
    if (found.length > 0) groups.push({ course, heading: COURSE_HEADINGS[course], items: found });
  }
  return groups;
}

/** A French list ending in « ou »: « a », « a ou b », « a, b ou c ». */
function orList(parts: readonly string[]): string {
  if (parts.length <= 1) return parts[0] ?? '';
  return `${parts.slice(0, -1).join(', ')} ou ${parts[parts.length - 1]}`;
}

const capitalised = (text: string) => text.charAt(0).toLocaleUpperCase('fr') + text.slice(1);

/**
 * A formule's combinations in words: `[["entree","plat"],["plat","dessert"]]` reads « Entrée + plat ou plat +
 * dessert ». Codes it does not know are left out (an old client's value never breaks a page).
 */
export function formulaCoursesText(courses: readonly (readonly string[])[]): string {
  const combinations = courses
    .map((combination) => combination.filter(isCourse).map((course) => COURSE_NAMES[course]))
    .filter((names) => names.length > 0)
    .map((names) => names.join(' + '));
  return capitalised(orList(combinations));
}

/** A price in euros as a French board writes it: « 16,50 € », « 12 € » (a non-breaking space before « € »). */
export function priceText(euros: number): string {
  return `${Number.isInteger(euros) ? String(euros) : euros.toFixed(2).replace('.', ',')}\u00a0€`;
}

/**
 * A formule in one line, as a board starts: « Formule du midi : entrée + plat ou plat + dessert — 16,50 € »,
 * a non-breaking space before « : » as French typography wants it.
 */
export function formulaText(formula: {
  name: string;
  price: number;
  courses: readonly (readonly string[])[];
}): string {
  const courses = formulaCoursesText(formula.courses);
  const reading =
    courses === '' ? '' : `\u00a0: ${courses.charAt(0).toLocaleLowerCase('fr')}${courses.slice(1)}`;
  return `${formula.name}${reading} — ${priceText(formula.price)}`;
}
