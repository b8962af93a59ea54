import { describe, expect, it } from 'vitest';
import { exportFilterQuery, exportLabel } from './export-buttons';

describe('the back office’s export button (issue 48, point 8)', () => {
  it('says how many rows of its list it exports', () => {
    expect(exportLabel('groups', 3)).toBe('Exporter les 3 groupes affichés');
    expect(exportLabel('groups', 1)).toBe('Exporter le groupe affiché');
    expect(exportLabel('groups', undefined)).toBe('Exporter les groupes affichés');
    expect(exportLabel('restaurant-owners', 1)).toBe('Exporter le restaurateur affiché');
    expect(exportLabel('establishments', 14)).toBe('Exporter les 14 établissements affichés');
  });

  it('sends the groups list’s search along, and nothing when there is none', () => {
    expect(exportFilterQuery('groups', { q: 'lyon' })).toEqual({ q: 'lyon' });
    expect(exportFilterQuery('groups', {})).toEqual({});
    expect(exportFilterQuery('groups', undefined)).toEqual({});
  });
});
