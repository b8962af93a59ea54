import { describe, expect, it } from 'vitest';
import { formRootPath } from './form-root-path';

describe('formRootPath', () => {
  it('is the record’s address inside the back office, whatever the tab', () => {
    expect(formRootPath('/admin', '/admin/establishments/create/horaires')).toBe(
      '/admin/establishments/create',
    );
    expect(formRootPath('/admin', '/admin/establishments/create')).toBe('/admin/establishments/create');
    expect(formRootPath('/admin', '/admin/establishments/5f0c6b8e-3f7a-4c1e-9d2b-0a1b2c3d4e5f/photo')).toBe(
      '/admin/establishments/5f0c6b8e-3f7a-4c1e-9d2b-0a1b2c3d4e5f',
    );
  });

  it('never takes the list for part of the form', () => {
    const root = formRootPath('/admin', '/admin/establishments/5f0c6b8e-3f7a-4c1e-9d2b-0a1b2c3d4e5f');
    expect('/admin/establishments'.startsWith(root)).toBe(false);
    expect(formRootPath('', '/establishments/12/photo')).toBe('/establishments/12');
  });
});
