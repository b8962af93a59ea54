import { Datagrid, List, SearchInput, TextField } from 'react-admin';

/** Categories, read only (the API has no way to change them): search in French, up to 50 shown. */
export function CategoryList() {
  return (
    <List
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder="Rechercher une catégorie" />]}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={50}
      title="Catégories"
      exporter={false}
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="name" />
        <TextField source="slug" />
      </Datagrid>
    </List>
  );
}
