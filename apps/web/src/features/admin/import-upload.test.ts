import { describe, expect, it } from 'vitest';
import { importContentType, importDisposition } from './import-upload';

describe('the import upload', () => {
  it('sends the content type of the file’s extension, and lets the server tell the others', () => {
    expect(importContentType('lieux.csv')).toBe('text/csv');
    expect(importContentType('Lieux.CSV')).toBe('text/csv');
    expect(importContentType('export.xlsx')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(importContentType('overpass.geojson')).toBe('application/geo+json');
    expect(importContentType('overpass.json')).toBe('application/geo+json');
    expect(importContentType('lieux')).toBe('application/octet-stream');
    expect(importContentType('lieux.txt')).toBe('application/octet-stream');
  });

  it('names the file in Content-Disposition, percent-encoded in UTF-8', () => {
    expect(importDisposition('lieux.csv')).toBe("attachment; filename*=UTF-8''lieux.csv");
    expect(importDisposition('Crêperies d’Ille (2).csv')).toBe(
      "attachment; filename*=UTF-8''Cr%C3%AAperies%20d%E2%80%99Ille%20%282%29.csv",
    );
    expect(decodeURIComponent(importDisposition("l'été.csv").split("''")[1]!)).toBe("l'été.csv");
  });
});
