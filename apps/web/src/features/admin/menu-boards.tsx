import { parisDay } from '@tables-voisines/contract/paris-time';
import RestaurantMenuIcon from '@mui/icons-material/RestaurantMenu';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Box from '@mui/material/Box';
import { useState } from 'react';
import DialogContentText from '@mui/material/DialogContentText';
import {
  ArrayInput,
  AutocompleteInput,
  BooleanInput,
  Button,
  Confirm,
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
  SaveButton,
  SimpleForm,
  SimpleFormIterator,
  type SimpleFormProps,
  SimpleShowLayout,
  TextField,
  TextInput,
  Toolbar,
  WrapperField,
  useDataProvider,
  useInput,
  useNotify,
  useRecordContext,
  useSaveContext,
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
  type BackOfficeMenuBoard,
  type MenuBoard,
} from '@tables-voisines/contract/schemas/menu-board';
import { boardDayText, boardOfPlaceText } from '@tables-voisines/contract/history-board-text';
import { formulaText, isCourse, type Course } from '@tables-voisines/contract/courses';
import {
  MAX_FORMULAS,
  MAX_FORMULA_COMBINATIONS,
  MAX_FORMULA_DESCRIPTION_LENGTH,
  MAX_FORMULA_NAME_LENGTH,
} from '@tables-voisines/contract/schemas/menu-board';
import { formatEuros } from '../../lib/format';
import { AllergensFieldset, DietsFieldset } from '../dishes/dish-fields';
import { CourseChoice, CoursesChoice, courseLabel } from '../owner/course-choice';
import {
  NO_ALLERGEN_TICKED_MESSAGE,
  allergenModeOf,
  allergensToSend,
  dishAllergens,
  dishDetailsSummary,
  dishesToConfirm,
  pricesQuestion,
  type AllergenMode,
} from '../dishes/dish-words';
import { useAbility } from './ability-context';
import { ConcurrentEdit, useStaleRecord } from './concurrent-edit';
import { DecimalInput } from './decimal-input';
import { establishmentOptionText } from './establishment-option';
import { zodValidator } from './form-errors';

/** A dish of the form: as loaded, with the answer about its allergens kept apart once one is chosen. */
type FormDish = Record<string, unknown> & { allergens?: Allergen[] | null; allergenMode?: AllergenMode };

/** The dishes as sent: the answer about allergens turned into the stored value, as the owner's form does. */
function itemsToSend(items: unknown): unknown {
  if (!Array.isArray(items)) return items;
  return (items as (FormDish | null)[]).map((item) => {
    if (item === null || typeof item !== 'object') return item;
    const { allergenMode, allergens, ...rest } = item;
    return { ...rest, allergens: dishAllergens(allergenMode, allergens ?? null) ?? null };
  });
}

/** The form's values as the API takes them (also the `transform` of the create and edit pages). */
const toBody = (keys: string[]) => (values: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(values)
      .filter(([key, value]) => keys.includes(key) && value !== undefined)
      .map(([key, value]) => [key, key === 'items' ? itemsToSend(value) : value]),
  );
const CREATE_KEYS = ['establishment', 'title', 'date', 'items', 'formulas'];
const EDIT_KEYS = ['title', 'date', 'items', 'formulas'];

/** The contract's schema, then « Contient » with nothing ticked said under the dish, as on the owner's form. */
function boardValidator(
  schema: typeof CreateMenuBoardBodySchema | typeof PatchMenuBoardBodySchema,
  keys: string[],
) {
  const bySchema = zodValidator(schema, toBody(keys));
  return (values: Record<string, unknown>) => {
    const errors = bySchema(values);
    const items = Array.isArray(values.items) ? (values.items as (FormDish | null)[]) : [];
    items.forEach((item, index) => {
      if (item?.allergenMode === undefined) return;
      if (dishAllergens(item.allergenMode, item.allergens ?? null) !== undefined) return;
      // A message about the whole list (no dish) stays the list's.
      if (errors.items !== undefined && (typeof errors.items !== 'object' || errors.items === null)) return;
      const list = (errors.items ?? {}) as Record<string, Record<string, unknown> | undefined>;
      list[String(index)] = { ...list[String(index)], allergens: NO_ALLERGEN_TICKED_MESSAGE };
      errors.items = list;
    });
    return errors;
  };
}
const validateCreate = boardValidator(CreateMenuBoardBodySchema, CREATE_KEYS);
const validateEdit = boardValidator(PatchMenuBoardBodySchema, EDIT_KEYS);

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
            <MenuBoardDeleteButton />
          </WrapperField>
        )}
      </Datagrid>
    </List>
  );
}

/** A form-level message as react-admin hands it to an input: the text, or `{ message }` to translate. */
function errorText(error: unknown): string | undefined {
  if (typeof error === 'string') return error;
  const inner = typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : null;
  return typeof inner === 'string' ? inner : undefined;
}

/** Shown and kept as they are: react-admin would show `null` as `''`, which reads as « none of the 14 ». */
const asIs = (value: unknown) => value;

/**
 * A dish's allergens, exactly as stored: not stated (`null`, a new dish's), none of the 14 (`[]`), or the
 * ones ticked; each of the three can be chosen. The answer is kept apart from the boxes (`allergenMode`), as
 * on the owner's form: « Contient » with nothing ticked is said, never taken for « none » or « not stated ».
 */
function AllergensInput() {
  const { field, fieldState } = useInput({
    source: 'allergens',
    defaultValue: null,
    format: asIs,
    parse: asIs,
  });
  const { field: modeField } = useInput({ source: 'allergenMode', format: asIs, parse: asIs });
  const stored = (field.value ?? null) as Allergen[] | null;
  const chosen = modeField.value as AllergenMode | undefined;
  return (
    <AllergensFieldset
      value={{ mode: chosen ?? allergenModeOf(stored), allergens: stored ?? [] }}
      onChange={(next) => {
        modeField.onChange(next.mode);
        field.onChange(next.mode === 'listed' ? next.allergens : (allergensToSend(next.mode, []) ?? null));
      }}
      error={errorText(fieldState.error?.message)}
    />
  );
}

/** Végétarien, Végan, Halal, Casher: a vegan dish is vegetarian too. */
function DietsInput() {
  const { field } = useInput({ source: 'diets', defaultValue: [] });
  return <DietsFieldset value={(field.value ?? []) as Diet[]} onChange={field.onChange} />;
}

/** A dish's course in one tap, as on the owner's form: « Entrée · Plat · Dessert · Autre », or none. */
function CourseInput() {
  const { field, fieldState } = useInput({ source: 'course', defaultValue: null, format: asIs, parse: asIs });
  return (
    <Box sx={{ maxWidth: 420, mb: 1 }}>
      <CourseChoice
        label="Rubrique"
        value={isCourse(field.value) ? field.value : null}
        onChange={field.onChange}
        error={errorText(fieldState.error?.message)}
      />
    </Box>
  );
}

/** A formule's combinations: four courses each, « ou » between them, as on the owner's form. */
function CombinationsInput() {
  const { field, fieldState } = useInput({
    source: 'courses',
    defaultValue: [['entree', 'plat']],
    format: asIs,
    parse: asIs,
  });
  const combinations = (Array.isArray(field.value) ? field.value : []) as Course[][];
  const change = (next: Course[][]) => field.onChange(next);
  const message = errorText(fieldState.error?.message);
  return (
    <Box sx={{ display: 'grid', gap: 0.5, maxWidth: 480, mb: 1 }}>
      {combinations.map((courses, c) => (
        <Box key={c} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Box component="span" sx={{ width: 24, fontStyle: 'italic' }}>
            {c > 0 ? 'ou' : ''}
          </Box>
          <Box sx={{ flex: 1 }}>
            <CoursesChoice
              label={`Choix ${c + 1}`}
              value={courses}
              onChange={(next) => change(combinations.map((old, k) => (k === c ? next : old)))}
            />
          </Box>
          {combinations.length > 1 && (
            <Button
              size="small"
              label={`Retirer le choix ${c + 1}`}
              onClick={() => change(combinations.filter((_old, k) => k !== c))}
            />
          )}
        </Box>
      ))}
      {message !== undefined && (
        <Box component="span" role="alert" sx={{ color: 'error.main', fontSize: '0.75rem' }}>
          {message}
        </Box>
      )}
      {combinations.length < MAX_FORMULA_COMBINATIONS && (
        <Box>
          <Button size="small" label="Ou un autre choix" onClick={() => change([...combinations, []])} />
        </Box>
      )}
    </Box>
  );
}

/** The board's formules: a name, a price as a dish's, its combinations, a line of its own. */
function FormulasInput() {
  return (
    <ArrayInput source="formulas" label="Formules" helperText={`${MAX_FORMULAS} au plus.`}>
      <SimpleFormIterator disableReordering fullWidth>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
          <TextInput
            source="name"
            label="Formule"
            defaultValue="Formule du midi"
            fullWidth={false}
            sx={{ minWidth: 280 }}
            slotProps={{ htmlInput: { maxLength: MAX_FORMULA_NAME_LENGTH } }}
          />
          <DecimalInput
            source="price"
            label="Prix (€)"
            example="16,50"
            display={{ minimumFractionDigits: 2, maximumFractionDigits: 2 }}
            sx={{ width: 140 }}
          />
        </Box>
        <CombinationsInput />
        <TextInput
          source="description"
          label="Précision"
          placeholder="Café compris"
          fullWidth
          slotProps={{ htmlInput: { maxLength: MAX_FORMULA_DESCRIPTION_LENGTH } }}
        />
      </SimpleFormIterator>
    </ArrayInput>
  );
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
        <CourseInput />
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

/** A question asked before a board is saved: whose board, the prices worth a look, its owner told. */
interface SaveQuestion {
  title: string;
  lines: string[];
  confirm: string;
}

/** Said when the board's establishment has an owner: the server mails it every change the team makes. */
export const OWNER_TOLD = 'Son restaurateur en sera prévenu par e-mail.';

/**
 * What to ask before saving `values`, `null` to save at once: always when the establishment has an owner
 * (it will be told), and when a price is over 100 € (« 1 300,00 € » for a bourguignon is a slip).
 */
export function saveQuestion(
  values: Record<string, unknown>,
  board: { date: string; placeName: string | null; hasOwner: boolean },
  creating: boolean,
): SaveQuestion | null {
  const items = Array.isArray(values.items) ? (values.items as FormDish[]) : [];
  const dishes = dishesToConfirm(
    items
      .filter((i) => typeof i.price === 'number' && typeof i.name === 'string')
      .map((i) => ({ name: i.name as string, price: i.price as number })),
  );
  if (!board.hasOwner && dishes.length === 0) return null;
  const whose =
    board.placeName === null
      ? `l’ardoise du ${boardDayText(board.date)}`
      : boardOfPlaceText(board.date, board.placeName);
  return {
    title: `${creating ? 'Publier' : 'Enregistrer'} ${whose}\u00a0?`,
    lines: [
      ...(dishes.length === 0 ? [] : [pricesQuestion(dishes)]),
      ...(board.hasOwner ? [OWNER_TOLD] : []),
    ],
    confirm: creating ? 'Publier' : 'Enregistrer',
  };
}

/**
 * The board's form, saved once its question (if any) is answered: the form stays submitting while the dialog
 * is open, and the server's messages land under the fields as with a plain save.
 */
function AskingBoardForm({
  children,
  ask,
  ...props
}: Omit<SimpleFormProps, 'onSubmit'> & {
  ask: (values: Record<string, unknown>) => Promise<SaveQuestion | null>;
}) {
  const { save } = useSaveContext();
  const [asked, setAsked] = useState<{ question: SaveQuestion; answer: (go: boolean) => void } | null>(null);
  const onSubmit = async (values: Record<string, unknown>) => {
    const question = await ask(values);
    if (question !== null) {
      const go = await new Promise<boolean>((answer) => setAsked({ question, answer }));
      setAsked(null);
      if (!go) return undefined;
    }
    return save?.(values);
  };
  return (
    <>
      <SimpleForm {...props} onSubmit={onSubmit}>
        {children}
      </SimpleForm>
      <Confirm
        isOpen={asked !== null}
        title={asked?.question.title ?? ''}
        content={
          <>
            {asked?.question.lines.map((line) => (
              <DialogContentText key={line} sx={{ mb: 1 }}>
                {line}
              </DialogContentText>
            ))}
          </>
        }
        confirm={asked?.question.confirm ?? 'Enregistrer'}
        cancel="Annuler"
        onConfirm={() => asked?.answer(true)}
        onClose={() => asked?.answer(false)}
      />
    </>
  );
}

function CreateForm() {
  const dataProvider = useDataProvider();
  // Whose board, and whether it has an owner to tell: read from the establishment chosen.
  const ask = async (values: Record<string, unknown>) => {
    let place: { name: string; hasOwner: boolean } | null = null;
    if (typeof values.establishment === 'string' && values.establishment !== '') {
      try {
        const { data } = await dataProvider.getOne('establishments', { id: values.establishment });
        place = { name: String(data.name), hasOwner: data.restaurantOwner != null };
      } catch {
        place = null;
      }
    }
    return saveQuestion(
      values,
      {
        date: typeof values.date === 'string' ? values.date : parisDay(new Date()),
        placeName: place?.name ?? null,
        hasOwner: place?.hasOwner ?? false,
      },
      true,
    );
  };
  return (
    <AskingBoardForm
      ask={ask}
      warnWhenUnsavedChanges
      validate={validateCreate}
      defaultValues={() => ({
        date: parisDay(new Date()),
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
            course: null,
          },
        ],
        formulas: [],
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
      <FormulasInput />
      <ItemsInput />
    </AskingBoardForm>
  );
}

export function MenuBoardCreate() {
  return (
    <Create redirect="list" title="Nouvelle ardoise" transform={toBody(CREATE_KEYS)}>
      <CreateForm />
    </Create>
  );
}

/**
 * « Supprimer l’ardoise du 3 décembre du Comptoir ? »: whose board, and that its owner will be told (the
 * server mails it); a deletion refused as stale is said like a save.
 */
function MenuBoardDeleteButton() {
  const record = useRecordContext<BackOfficeMenuBoard>();
  const stale = useStaleRecord();
  const notify = useNotify();
  if (!record) return null;
  return (
    <DeleteButton
      mutationMode="pessimistic"
      confirmTitle={<>Supprimer {boardOfPlaceText(record.date, record.establishment.name)}&nbsp;?</>}
      confirmContent={
        <>
          Elle disparaît aussitôt de sa page et de la carte.
          {record.hasOwner ? ` ${OWNER_TOLD}` : ''}
        </>
      }
      mutationOptions={{
        onError: (error: unknown) => {
          if (!stale.report(error))
            notify(error instanceof Error ? error.message : 'ra.notification.http_error', {
              type: 'error',
            });
        },
      }}
    />
  );
}

/** « Enregistrer » and, when allowed, « Supprimer » naming the board. */
function MenuBoardToolbar() {
  const ability = useAbility();
  return (
    <Toolbar sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
      <SaveButton />
      {ability.can('delete', 'menu-board') && <MenuBoardDeleteButton />}
    </Toolbar>
  );
}

function EditForm() {
  const record = useRecordContext<BackOfficeMenuBoard>();
  const ask = async (values: Record<string, unknown>) =>
    record === undefined
      ? null
      : saveQuestion(
          values,
          { date: record.date, placeName: record.establishment.name, hasOwner: record.hasOwner },
          false,
        );
  return (
    <AskingBoardForm ask={ask} validate={validateEdit} warnWhenUnsavedChanges toolbar={<MenuBoardToolbar />}>
      <Labeled label="Établissement">
        <TextField source="establishment.name" />
      </Labeled>
      <TextInput source="title" fullWidth />
      <DateInput source="date" />
      <FormulasInput />
      <ItemsInput />
    </AskingBoardForm>
  );
}

export function MenuBoardEdit({ id }: { id?: string }) {
  return (
    <ConcurrentEdit title="Ardoise du jour" id={id} transform={toBody(EDIT_KEYS)}>
      <EditForm />
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
          <TableCell>Rubrique</TableCell>
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
            <TableCell>{isCourse(item.course) ? courseLabel(item.course) : '—'}</TableCell>
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

/** The board's formules in words (« Formule du midi : entrée + plat — 16,50 € »), or « Aucune ». */
function FormulasView() {
  const record = useRecordContext<MenuBoard>();
  if (!record) return null;
  const formulas = record.formulas ?? [];
  return (
    <Labeled label="Formules">
      {formulas.length === 0 ? (
        <span>Aucune</span>
      ) : (
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {formulas.map((formula, index) => (
            <li key={index}>
              {formulaText(formula)}
              {formula.description !== null ? ` (${formula.description})` : ''}
            </li>
          ))}
        </Box>
      )}
    </Labeled>
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
        <FormulasView />
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
