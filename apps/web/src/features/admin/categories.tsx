import CategoryIcon from '@mui/icons-material/Category';
import { Datagrid, List, SearchInput, TextField, type ResourceProps } from 'react-admin';

/**
 * Categories, read only (the API has no way to change them): every one, page by page, in French
 * alphabetical order (the server's), searched like the forms' suggestions.
 */
export function CategoryList() {
  return (
    <List
      filters={[<SearchInput key="q" source="q" alwaysOn placeholder="Rechercher une catégorie" />]}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={25}
      title="Catégories"
      exporter={false}
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="name" sortable={false} />
        <TextField source="slug" sortable={false} />
      </Datagrid>
    </List>
  );
}

/** The categories, read only as the back office's `<Resource>` declares them. */
export const CATEGORIES_RESOURCE: ResourceProps = {
  name: 'categories',
  icon: CategoryIcon,
  list: CategoryList,
  recordRepresentation: 'name',
};
