import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import {
  ArrayInput,
  AutocompleteInput,
  Create,
  Datagrid,
  DateField,
  DateInput,
  DeleteButton,
  FunctionField,
  Labeled,
  List,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  Show,
  SimpleForm,
  SimpleFormIterator,
  SimpleShowLayout,
  TextField,
  TextInput,
  WrapperField,
  useRecordContext,
  type RaRecord,
} from 'react-admin';
import {
  CreateMenuBoardBodySchema,
  PatchMenuBoardBodySchema,
  type MenuBoard,
} from '@tables-voisines/contract/schemas/menu-board';
import { formatEuros } from '../../lib/format';
import { useAbility } from './ability-context';
import { ConcurrentEdit, EditToolbar } from './concurrent-edit';
import { DecimalInput } from './decimal-input';
import { establishmentOptionText } from './establishment-option';
import { zodValidator } from './form-errors';

const writable = (keys: string[]) => (values: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(values).filter(([key, value]) => keys.includes(key) && value !== undefined),
  );
const validateCreate = zodValidator(
  CreateMenuBoardBodySchema,
  writable(['establishment', 'title', 'date', 'items']),
);
const validateEdit = zodValidator(PatchMenuBoardBodySchema, writable(['title', 'date', 'items']));

/** Today in Europe/Paris, "YYYY-MM-DD" (the menu boards' day). */
export function parisToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(now);
}

// Every board of every day, searched, filtered, sorted and paged by the server.
const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Établissement, ville ou titre" />,
  <DateInput key="date" source="date" label="Jour" />,
  <ReferenceInput key="establishment" source="establishment" reference="establishments">
    <AutocompleteInput
      label="Établissement"
      optionText={establishmentOptionText}
      filterToQuery={(q: string) => ({ q })}
    />
  </ReferenceInput>,
];

export function MenuBoardList() {
  const ability = useAbility();
  return (
    <List
      filters={filters}
      sort={{ field: 'date', order: 'DESC' }}
      perPage={25}
      title="Ardoises du jour"
      exporter={false}
    >
      <Datagrid rowClick={ability.can('update', 'menu-board') ? 'edit' : 'show'} bulkActionButtons={false}>
        <TextField source="title" />
        <TextField source="establishment.name" label="Établissement" sortable={false} />
        <DateField source="date" locales="fr-FR" />
        <FunctionField
          label="Plats"
          sortable={false}
          render={(record: RaRecord) => String((record.items as unknown[]).length)}
        />
        <DateField source="createdAt" locales="fr-FR" showTime />
        {ability.can('delete', 'menu-board') && (
          <WrapperField label="Actions" sortable={false}>
            <DeleteButton mutationMode="pessimistic" />
          </WrapperField>
        )}
      </Datagrid>
    </List>
  );
}

function ItemsInput() {
  return (
    <ArrayInput source="items" label="Plats">
      <SimpleFormIterator inline disableReordering>
        <TextInput source="name" label="Plat" />
        <DecimalInput
          source="price"
          label="Prix (€)"
          example="12,50"
          display={{ minimumFractionDigits: 2, maximumFractionDigits: 2 }}
          sx={{ width: 140 }}
        />
        <ReferenceInput source="category" reference="categories" perPage={50}>
          <AutocompleteInput
            label="Catégorie"
            optionText="name"
            filterToQuery={(q: string) => ({ q })}
            sx={{ minWidth: 220 }}
          />
        </ReferenceInput>
      </SimpleFormIterator>
    </ArrayInput>
  );
}

export function MenuBoardCreate() {
  return (
    <Create redirect="list" title="Nouvelle ardoise">
      <SimpleForm
        warnWhenUnsavedChanges
        validate={validateCreate}
        defaultValues={() => ({ date: parisToday(), items: [{ name: '', price: null, category: null }] })}
      >
        <ReferenceInput source="establishment" reference="establishments">
          <AutocompleteInput
            label="Établissement"
            optionText={establishmentOptionText}
            filterToQuery={(q: string) => ({ q })}
            fullWidth
          />
        </ReferenceInput>
        <TextInput source="title" fullWidth />
        <DateInput source="date" />
        <ItemsInput />
      </SimpleForm>
    </Create>
  );
}

export function MenuBoardEdit() {
  return (
    <ConcurrentEdit title="Ardoise du jour">
      <SimpleForm validate={validateEdit} warnWhenUnsavedChanges toolbar={<EditToolbar />}>
        <Labeled label="Établissement">
          <TextField source="establishment.name" />
        </Labeled>
        <TextInput source="title" fullWidth />
        <DateInput source="date" />
        <ItemsInput />
      </SimpleForm>
    </ConcurrentEdit>
  );
}

/** The dishes with their prices as the site writes them (« 12,50 € »). */
function DishesView() {
  const record = useRecordContext<MenuBoard>();
  if (!record) return null;
  return (
    <Table size="small" aria-label="Plats" sx={{ maxWidth: 640 }}>
      <TableHead>
        <TableRow>
          <TableCell>Plat</TableCell>
          <TableCell align="right">Prix</TableCell>
          <TableCell>Catégorie</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {record.items.map((item, index) => (
          <TableRow key={index}>
            <TableCell>{item.name}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {formatEuros(item.price)}
            </TableCell>
            <TableCell>
              <ReferenceField record={item} source="category" reference="categories" link={false}>
                <TextField source="name" />
              </ReferenceField>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** A board read only, for admins who may read but not change boards. */
export function MenuBoardShow() {
  return (
    <Show title="Ardoise du jour">
      <SimpleShowLayout>
        <TextField source="establishment.name" label="Établissement" />
        <TextField source="title" />
        <DateField source="date" locales="fr-FR" options={{ dateStyle: 'full' }} />
        <DishesView />
      </SimpleShowLayout>
    </Show>
  );
}
