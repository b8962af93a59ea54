/**
 * A name after « de » or « à », as French writes it: the article that starts a name contracts with the
 * preposition (« la page du Comptoir », « rattaché aux Burgers de Fanny »), « de » elides before a vowel
 * (« la page d’Athéna »), and everything else is kept as it is (« la page de La Fourchette », « à L’Irish
 * Pub »). One function for every name shown in screens and mails, a place's or a town's, so that none says
 * « de Le Comptoir » nor « à Le Mans ».
 */

/** « Le » or « Les » opening a name, as its own word, in any case (« LE 1900 »). */
const ARTICLE = /^(les?)\s+(?=\S)/iu;
/**
 * A vowel opening a word (with its accents): « de » elides before it (« d’Yves »), not before a « y » heard as
 * a consonant (« de Yannick »). `h` is left alone: it may be aspirated (« de Hippopotamus »).
 */
const VOWEL = /^(?:[aeiouàâäéèêëîïôöùûüæœ]|y(?![aeiouàâäéèêëîïôöùûü]))/iu;

type Preposition = 'de' | 'à';

function contract(preposition: Preposition, name: string): string {
  const trimmed = name.trim();
  const article = ARTICLE.exec(trimmed);
  if (article !== null) {
    const rest = trimmed.slice(article[0].length);
    const plural = article[1]!.length === 3;
    if (preposition === 'de') return `${plural ? 'des' : 'du'} ${rest}`;
    return `${plural ? 'aux' : 'au'} ${rest}`;
  }
  if (preposition === 'de' && VOWEL.test(trimmed)) return `d’${trimmed}`;
  return `${preposition} ${trimmed}`;
}

/** « du Comptoir », « des Burgers de Fanny », « d’Athéna », « de La Fourchette », « de L’Irish Pub ». */
export function ofName(name: string): string {
  return contract('de', name);
}

/** « au Comptoir », « aux Burgers de Fanny », « à Athéna », « à La Fourchette ». */
export function toName(name: string): string {
  return contract('à', name);
}
