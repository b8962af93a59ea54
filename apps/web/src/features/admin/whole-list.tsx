import type { ReactNode } from 'react';
import { Datagrid, List, SearchInput } from 'react-admin';
import { useAbility } from './ability-context';
import { CreateAndExportActions } from './export-buttons';

const SEARCH = [<SearchInput key="q" source="q" alwaysOn placeholder="Rechercher" />];

/**
 * The list of a short resource answered whole (administrators, groups): searched, sorted by `sortField`,
 * created and exported from its toolbar; a row opens the form for those who may change `subject`, the
 * record read only for the others.
 */
export function WholeList({
  subject,
  sortField,
  title,
  children,
}: {
  subject: 'admin' | 'group';
  sortField: string;
  title: string;
  children: ReactNode;
}) {
  const ability = useAbility();
  return (
    <List
      filters={SEARCH}
      sort={{ field: sortField, order: 'ASC' }}
      actions={<CreateAndExportActions subject={subject} />}
      title={title}
    >
      <Datagrid rowClick={ability.can('update', subject) ? 'edit' : 'show'} bulkActionButtons={false}>
        {children}
      </Datagrid>
    </List>
  );
}
