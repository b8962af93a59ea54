import PeopleIcon from '@mui/icons-material/People';
import Typography from '@mui/material/Typography';
import {
  BooleanField,
  Datagrid,
  DateField,
  EmailField,
  List,
  NullableBooleanInput,
  ReferenceField,
  SearchInput,
  SelectInput,
  Show,
  SimpleForm,
  SimpleShowLayout,
  TextField,
  TextInput,
  TopToolbar,
  useGetOne,
  useRecordContext,
  type ResourceProps,
} from 'react-admin';
import { PatchOwnerBodySchema } from '@tables-voisines/contract/schemas/account';
import { Can, useAbility } from './ability-context';
import { ConcurrentEdit, EditToolbar } from './concurrent-edit';
import { ExportButtons } from './export-buttons';
import { zodValidator } from './form-errors';
import { OwnerEstablishmentInput } from './owner-link';
import { ofEstablishment, ownerDeletionQuestion, ownerDeletionTitle } from './owner-link-text';

const OWNER_FIELDS = ['email', 'password', 'firstName', 'lastName', 'phone', 'establishment'];
const validate = zodValidator(PatchOwnerBodySchema, (values) =>
  Object.fromEntries(
    Object.entries(values).filter(
      ([key, value]) => OWNER_FIELDS.includes(key) && value !== undefined && !(key === 'password' && !value),
    ),
  ),
);

function OwnerListActions() {
  return (
    <TopToolbar>
      <Can I="export" a="restaurant-owner">
        <ExportButtons route="restaurant-owners" />
      </Can>
    </TopToolbar>
  );
}

// Searched, filtered, sorted and paged by the server: one page travels, however many owners sign up.
const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Rechercher" />,
  <NullableBooleanInput key="confirmed" source="confirmed" label="Adresse confirmée" />,
  <SelectInput
    key="establishment"
    source="establishment"
    label="Établissement"
    choices={[
      { id: 'any', name: 'Avec établissement' },
      { id: 'none', name: 'Sans établissement' },
    ]}
  />,
];

export function OwnerList() {
  const ability = useAbility();
  return (
    <List
      filters={filters}
      actions={<OwnerListActions />}
      sort={{ field: 'lastName', order: 'ASC' }}
      perPage={25}
      title="Restaurateurs"
    >
      <Datagrid
        rowClick={ability.can('update', 'restaurant-owner') ? 'edit' : 'show'}
        bulkActionButtons={false}
      >
        <TextField source="lastName" />
        <TextField source="firstName" />
        <EmailField source="email" />
        <BooleanField source="confirmed" sortable={false} />
        <EstablishmentOfOwner label="Établissement" sortable={false} />
        <DateField source="createdAt" locales="fr-FR" />
      </Datagrid>
    </List>
  );
}

/** The owner's establishment by name, for admins who may read establishments; a dash when it has none. */
// `label` and `sortable` are read by the list and the page that hold it.
function EstablishmentOfOwner(_props: { label?: string; sortable?: boolean }) {
  const ability = useAbility();
  const record = useRecordContext();
  if (record?.establishment == null) return <span>—</span>;
  if (!ability.can('read', 'establishment')) return <span>Oui</span>;
  return (
    <ReferenceField
      source="establishment"
      reference="establishments"
      link={ability.can('update', 'establishment') ? 'edit' : 'show'}
    >
      <TextField source="name" />
    </ReferenceField>
  );
}

function OwnerTitle() {
  const record = useRecordContext();
  return <span>{typeof record?.email === 'string' ? `Restaurateur ${record.email}` : 'Restaurateur'}</span>;
}

/** The deletion question's title: the account named by its e-mail address. */
export function OwnerDeletionTitle() {
  const record = useRecordContext();
  return <>{ownerDeletionTitle(typeof record?.email === 'string' ? record.email : undefined)}</>;
}

/**
 * What deleting this owner's account does, read when the question opens: the page it leaves (named when this
 * admin may read establishments), that page's renewed code and where it may go, and that nobody is mailed.
 */
export function OwnerDeletionContent() {
  const record = useRecordContext();
  const ability = useAbility();
  const establishmentId = typeof record?.establishment === 'string' ? record.establishment : null;
  const { data: establishment } = useGetOne(
    'establishments',
    { id: establishmentId ?? '' },
    { enabled: establishmentId !== null && ability.can('read', 'establishment') },
  );
  if (!record) return null;
  const claimEmail: unknown = establishment?.claimEmail;
  const { lines } = ownerDeletionQuestion({
    owner: String(record.email ?? 'ce restaurateur'),
    name: [record.firstName, record.lastName].filter((part) => typeof part === 'string').join(' '),
    establishment: establishmentId === null ? null : ofEstablishment(establishment),
    claimEmail: typeof claimEmail === 'string' || claimEmail === null ? claimEmail : undefined,
  });
  return (
    <>
      {lines.map((line) => (
        <Typography key={line} sx={{ mb: 1 }}>
          {line}
        </Typography>
      ))}
    </>
  );
}

export function OwnerEdit() {
  return (
    <ConcurrentEdit title={<OwnerTitle />}>
      <SimpleForm
        validate={validate}
        toolbar={
          <EditToolbar deleteConfirm={{ title: <OwnerDeletionTitle />, content: <OwnerDeletionContent /> }} />
        }
        warnWhenUnsavedChanges
      >
        <TextInput source="firstName" />
        <TextInput source="lastName" />
        <TextInput source="email" />
        <TextInput source="phone" />
        <TextInput
          source="password"
          type="password"
          autoComplete="new-password"
          helperText="Laissez vide pour ne pas le changer."
        />
        <OwnerEstablishmentInput />
      </SimpleForm>
    </ConcurrentEdit>
  );
}

/** An owner read only, for admins who may read but not change owners. */
export function OwnerShow() {
  return (
    <Show title={<OwnerTitle />}>
      <SimpleShowLayout>
        <TextField source="firstName" />
        <TextField source="lastName" />
        <EmailField source="email" />
        <TextField source="phone" emptyText="—" />
        <BooleanField source="confirmed" />
        <EstablishmentOfOwner label="Établissement" sortable={false} />
        <DateField source="createdAt" locales="fr-FR" showTime />
      </SimpleShowLayout>
    </Show>
  );
}

/** The restaurant owners (they sign up themselves: no create) as the back office's `<Resource>` declares them. */
export const OWNERS_RESOURCE: ResourceProps = {
  name: 'restaurant-owners',
  icon: PeopleIcon,
  list: OwnerList,
  edit: OwnerEdit,
  show: OwnerShow,
  recordRepresentation: 'email',
};
