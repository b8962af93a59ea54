import { describe, expect, it } from 'vitest';
import { adminMessages, i18nProvider, withTypographicApostrophes } from './admin-i18n';

function strings(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    strings(inner, path === '' ? key : `${path}.${key}`),
  );
}

describe('the back office’s French', () => {
  it('has no straight apostrophe in any text, react-admin’s own included', () => {
    const all = strings(adminMessages);
    expect(all.length).toBeGreaterThan(200);
    expect(all.filter(([, text]) => text.includes("'"))).toEqual([]);
    expect(i18nProvider.translate('ra.message.invalid_form')).toBe('Le formulaire n’est pas valide.');
  });

  it('keeps the placeholders and plural forms as they are', () => {
    expect(withTypographicApostrophes({ a: { b: "l'%{name} |||| les %{smart_count}" }, n: 3 })).toEqual({
      a: { b: 'l’%{name} |||| les %{smart_count}' },
      n: 3,
    });
  });
});
