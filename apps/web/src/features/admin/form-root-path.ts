import { useBasename, useLocation } from 'react-admin';

/*
 * A tabbed form's own address, under which moving between tabs is not leaving it (react-admin's unsaved
 * changes warning). react-admin finds it with `:resource/:id/*` on the whole path, which inside `/admin`
 * reads "admin" as the resource and answers `/admin/establishments`: the list itself then counted as part
 * of the form, and leaving with unsaved changes was never asked about.
 */

/** `/admin/establishments/create/horaires` → `/admin/establishments/create`; the same for `/{id}/photo`. */
export function formRootPath(basename: string, pathname: string): string {
  const base = basename.replace(/\/+$/, '');
  const inside = base !== '' && pathname.startsWith(`${base}/`) ? pathname.slice(base.length) : pathname;
  const [resource = '', record = ''] = inside.split('/').filter((part) => part !== '');
  return `${base}/${resource}/${record}`;
}

/** The current tabbed form's address, for `<TabbedForm formRootPathname>`. */
export function useFormRootPath(): string {
  const basename = useBasename();
  const { pathname } = useLocation();
  return formRootPath(basename, pathname);
}
