import RestaurantMenuIcon from '@mui/icons-material/RestaurantMenu';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Box from '@mui/material/Box';
import { useState } from 'react';
import {
  ArrayInput,
  AutocompleteInput,
  BooleanInput,
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
  useInput,
  useRecordContext,
  type RaRecord,
  type ResourceProps,
} from 'react-admin';
import {
  HOMEMADE_LABEL,
  MAX_DISH_DESCRIPTION_LENGTH,
  MAX_MEAT_ORIGIN_LENGTH,
  type Allergen,
  type Diet,
} from '@tables-voisines/contract/dishes';
import {
  CreateMenuBoardBodySchema,
  PatchMenuBoardBodySchema,
  type MenuBoard,
} from '@tables-voisines/contract/schemas/menu-board';
import { formatEuros } from '../../lib/format';
import { AllergensFieldset, DietsFieldset } from '../dishes/dish-fields';
import { allergenModeOf, allergensToSend, dishDetailsSummary } from '../dishes/dish-words';
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

/**
 * A dish's allergens: not stated (`null`, a new dish's), none of the 14 (`[]`), or the ones ticked. « Contient »
 * with nothing ticked yet stays not stated, and says so: « none » is only ever said on purpose.
 */
function AllergensInput() {
  const { field } = useInput({ source: 'allergens', defaultValue: null });
  const value = (field.value ?? null) as Allergen[] | null;
  const [listing, setListing] = useState(false);
  const mode = value === null && listing ? 'listed' : allergenModeOf(value);
  return (
    <AllergensFieldset
      value={{ mode, allergens: value ?? [] }}
      onChange={(next) => {
        setListing(next.mode === 'listed');
        field.onChange(allergensToSend(next.mode, next.allergens) ?? null);
      }}
      hint={
        mode === 'listed' && value === null
          ? 'Rien de coché : les allergènes restent non renseignés.'
          : undefined
      }
    />
  );
}

/** Végétarien, Végan, Halal, Casher: a vegan dish is vegetarian too. */
function DietsInput() {
  const { field } = useInput({ source: 'diets', defaultValue: [] });
  return <DietsFieldset value={(field.value ?? []) as Diet[]} onChange={field.onChange} />;
}

function ItemsInput() {
  return (
    <ArrayInput source="items" label="Plats">
      <SimpleFormIterator disableReordering fullWidth>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
          <TextInput source="name" label="Plat" fullWidth={false} sx={{ minWidth: 280 }} />
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
        </Box>
        <TextInput
          source="description"
          label="Description"
          fullWidth
          slotProps={{ htmlInput: { maxLength: MAX_DISH_DESCRIPTION_LENGTH } }}
        />
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, alignItems: 'flex-start', mb: 1 }}>
          <AllergensInput />
          <Box sx={{ display: 'grid', gap: 1 }}>
            <DietsInput />
            <BooleanInput source="homemade" label={HOMEMADE_LABEL} helperText={false} />
          </Box>
        </Box>
        <TextInput
          source="meatOrigin"
          label="Origine de la viande"
          placeholder="Bœuf né, élevé et abattu en France"
          fullWidth
          slotProps={{ htmlInput: { maxLength: MAX_MEAT_ORIGIN_LENGTH } }}
        />
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
        defaultValues={() => ({
          date: parisToday(),
          items: [
            {
              name: '',
              price: null,
              category: null,
              description: null,
              allergens: null,
              diets: [],
              homemade: false,
              meatOrigin: null,
            },
          ],
        })}
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
    <Table size="small" aria-label="Plats" sx={{ maxWidth: 960 }}>
      <TableHead>
        <TableRow>
          <TableCell>Plat</TableCell>
          <TableCell align="right">Prix</TableCell>
          <TableCell>Catégorie</TableCell>
          <TableCell>Composition</TableCell>
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
            <TableCell>
              {item.description !== null && item.description !== undefined && (
                <Box component="span" sx={{ display: 'block' }}>
                  {item.description}
                </Box>
              )}
              {dishDetailsSummary({
                // A board saved before dishes had details says none.
                allergens: item.allergens ?? null,
                diets: item.diets ?? [],
                homemade: item.homemade ?? false,
                meatOrigin: item.meatOrigin ?? null,
              })}
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

/** The menu boards as the back office's `<Resource>` declares them. */
export const MENU_BOARDS_RESOURCE: ResourceProps = {
  name: 'menu-boards',
  icon: RestaurantMenuIcon,
  list: MenuBoardList,
  create: MenuBoardCreate,
  edit: MenuBoardEdit,
  show: MenuBoardShow,
  recordRepresentation: 'title',
};
