/**
 * Phone numbers as people type them (« 01 23 45 67 89 », « +33 (0)1 23 45 67 89 », « 0262 12 34 56 ») in
 * the international form links and search engines want (E.164: `+33123456789`), without zod: the public
 * pages import it.
 */

/**
 * French overseas numbers dial their own country code, not +33 (ARCEP's numbering plan): the first four
 * digits of the national number say which.
 */
const OVERSEAS_CODES: Readonly<Record<string, string>> = {
  '0590': '590',
  '0690': '590',
  '0691': '590',
  '0594': '594',
  '0694': '594',
  '0596': '596',
  '0696': '596',
  '0697': '596',
  '0262': '262',
  '0263': '262',
  '0269': '262',
  '0639': '262',
  '0692': '262',
  '0693': '262',
  '0508': '508',
};

/**
 * The E.164 form of a phone number (`+33123456789`), a French national number (ten digits from 0) read as
 * such; null when the text is not a number that can be dialled from abroad (a short number, too few digits).
 */
export function internationalPhone(phone: string): string | null {
  // « +33 (0)1 ... »: the trunk 0 is not dialled after the country code.
  const text = phone.trim().replace(/\(0\)/g, '');
  const digits = text.replace(/\D/g, '');
  let international: string;
  if (text.startsWith('+')) international = digits;
  else if (digits.startsWith('00')) international = digits.slice(2);
  else if (/^0[1-9]\d{8}$/.test(digits))
    international = `${OVERSEAS_CODES[digits.slice(0, 4)] ?? '33'}${digits.slice(1)}`;
  else return null;
  // E.164: at most 15 digits, a country code never starts with 0, and no country's numbers are this short.
  return /^[1-9]\d{7,14}$/.test(international) ? `+${international}` : null;
}

/** The `tel:` address of a phone number: international when it can be, its digits otherwise. */
export function telHref(phone: string): string {
  return `tel:${internationalPhone(phone) ?? phone.replace(/[^\d+]/g, '')}`;
}
