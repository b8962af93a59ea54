import StorefrontIcon from '@mui/icons-material/Storefront';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import MuiButton from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  BooleanField,
  BulkUpdateButton,
  Create,
  CreateButton,
  Datagrid,
  DateField,
  FunctionField,
  List,
  NullableBooleanInput,
  ReferenceArrayField,
  ReferenceField,
  Show,
  ChipField,
  EmailField,
  Labeled,
  NumberField,
  SingleFieldList,
  TabbedShowLayout,
  TabbedShowLayoutTabs,
  UrlField,
  useRecordContext,
  ReferenceArrayInput,
  ReferenceInput,
  SearchInput,
  SelectField,
  SelectInput,
  TabbedForm,
  TextField,
  TextInput,
  TopToolbar,
  FilterButton,
  useBasename,
  type RaRecord,
  type ResourceProps,
} from 'react-admin';
import {
  CreateEstablishmentBodySchema,
  KIND_LABELS,
  PRICE_RANGES,
  PatchEstablishmentBodySchema,
  VENUE_TYPE_LABELS,
} from '@tables-voisines/contract/schemas/establishment';
import { Can, useAbility } from './ability-context';
import { closuresOfForm, withClosureRowChecks } from './closure-checks';
import { ClosuresInput, ClosuresView } from './closures-input';
import { ConcurrentEdit, EditToolbar } from './concurrent-edit';
import { DecimalInput } from './decimal-input';
import {
  ClosedForGoodInput,
  OpeningHoursView,
  PreviousUris,
  UriInput,
  VisibilityInputs,
} from './establishment-fields';
import { EstablishmentDeletionContent, EstablishmentDeletionTitle } from './establishment-deletion';
import { EstablishmentHistory } from './establishment-history';
import { EstablishmentStats } from './establishment-stats';
import { EstablishmentOwnerPanel } from './establishment-owner';
import { EstablishmentPhotoPanel, EstablishmentPhotoView } from './establishment-photo';
import { VerificationPanel } from './establishment-verification';
import { ExportButtons } from './export-buttons';
import { IMPORT_ROUTE, useMayImport } from './import-page';
import { ESTABLISHMENT_FIELDS, photoBody } from './providers/establishments.provider';
import { zodValidator } from './form-errors';
import { FormTab } from './form-tab';
import { useFormRootPath } from './form-root-path';
import { LocationInput, LocationView } from './location-input';
import { OpeningHoursInput } from './opening-hours-input';
import { EstablishmentOwnerInput } from './owner-link';

export const KIND_CHOICES = Object.entries(KIND_LABELS).map(([id, name]) => ({ id, name }));
export const VENUE_TYPE_CHOICES = Object.entries(VENUE_TYPE_LABELS).map(([id, name]) => ({ id, name }));
const PRICE_CHOICES = PRICE_RANGES.map((id) => ({ id, name: id }));

/** What the form checks: the fields an admin sends, the photo as its address (or `null`, removed). */
function writable(values: Record<string, unknown>): Record<string, unknown> {
  const body = Object.fromEntries(
    Object.entries(values).filter(
      ([key, value]) => (ESTABLISHMENT_FIELDS as readonly string[]).includes(key) && value !== undefined,
    ),
  );
  if ('photo' in body) {
    const photo = photoBody(body.photo);
    if (photo === undefined) delete body.photo;
    else body.photo = photo;
  }
  if ('closures' in body) body.closures = closuresOfForm(body.closures);
  return body;
}

const validateCreate = withClosureRowChecks(zodValidator(CreateEstablishmentBodySchema, writable));
const validateEdit = withClosureRowChecks(zodValidator(PatchEstablishmentBodySchema, writable));

const filters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Rechercher par nom" />,
  <SelectInput key="kind" source="kind" label="Type" choices={KIND_CHOICES} />,
  <SelectInput
    key="venueType"
    source="venueType"
    label="Type d’établissement"
    choices={VENUE_TYPE_CHOICES}
  />,
  <TextInput key="town" source="town" label="Ville" />,
  <NullableBooleanInput key="disabled" source="disabled" label="Désactivé" />,
  <SelectInput
    key="restaurantOwner"
    source="restaurantOwner"
    label="Propriétaire"
    choices={[
      { id: 'none', name: 'Sans propriétaire' },
      { id: 'any', name: 'Avec propriétaire' },
    ]}
  />,
  <ReferenceInput key="ownerId" source="ownerId" reference="restaurant-owners" label="Propriétaire précis">
    <AutocompleteInput
      label="Propriétaire précis"
      optionText="email"
      filterToQuery={(q: string) => ({ q })}
    />
  </ReferenceInput>,
];

/** « Importer », to the import screen: only for admins who may both create and update establishments. */
function ImportButton() {
  const basename = useBasename();
  const { mayImport } = useMayImport();
  if (!mayImport) return null;
  return (
    <MuiButton
      size="small"
      startIcon={<UploadFileIcon />}
      component={RouterLink}
      to={`${basename}/${IMPORT_ROUTE}`}
    >
      Importer
    </MuiButton>
  );
}

function ListActions() {
  return (
    <TopToolbar>
      <FilterButton />
      <CreateButton />
      <Can I="export" a="establishment">
        <ExportButtons route="establishments" />
      </Can>
      <ImportButton />
    </TopToolbar>
  );
}

function BulkActions() {
  return (
    <Can I="update" a="establishment">
      <BulkUpdateButton
        label="Désactiver"
        data={{ disabled: true }}
        mutationMode="pessimistic"
        confirmTitle="Désactiver les établissements"
        confirmContent="Les établissements choisis ne seront plus visibles sur le site. Leurs restaurateurs en seront prévenus par e-mail. Continuer ?"
      />
    </Can>
  );
}

export function EstablishmentList() {
  const ability = useAbility();
  return (
    <List
      filters={filters}
      actions={<ListActions />}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={25}
      title="Établissements"
    >
      <Datagrid
        rowClick={ability.can('update', 'establishment') ? 'edit' : 'show'}
        bulkActionButtons={ability.can('update', 'establishment') ? <BulkActions /> : false}
      >
        <TextField source="name" />
        <SelectField source="kind" choices={KIND_CHOICES} sortable={false} />
        <SelectField source="venueType" choices={VENUE_TYPE_CHOICES} sortable={false} />
        <TextField source="address.town" label="Ville" sortBy="town" />
        <FunctionField
          label="Propriétaire"
          sortable={false}
          render={(record: RaRecord) => (record.restaurantOwner ? 'Oui' : 'Non')}
        />
        <BooleanField source="disabled" sortable={false} />
        <DateField source="updatedAt" locales="fr-FR" />
      </Datagrid>
    </List>
  );
}

function GeneralTab({ edit }: { edit: boolean }) {
  return (
    <>
      <SelectInput source="kind" choices={KIND_CHOICES} />
      <TextInput source="name" fullWidth />
      <SelectInput source="venueType" choices={VENUE_TYPE_CHOICES} />
      <TextInput source="description" multiline minRows={3} fullWidth />
      <TextInput source="phone" />
      <TextInput source="email" />
      <TextInput source="website" fullWidth />
      <SelectInput source="priceRange" choices={PRICE_CHOICES} emptyText="Non précisée" />
      <ReferenceArrayInput source="categories" reference="categories" perPage={50}>
        <AutocompleteArrayInput
          label="Catégories"
          optionText="name"
          filterToQuery={(q: string) => ({ q })}
          fullWidth
        />
      </ReferenceArrayInput>
      {edit && <UriInput />}
      <VisibilityInputs />
      {edit && <ClosedForGoodInput />}
    </>
  );
}

function AddressTab() {
  return (
    <>
      <TextInput source="address.street" fullWidth />
      <TextInput source="address.postcode" />
      <TextInput source="address.town" />
      <DecimalInput source="location.latitude" example="45,7601" signed />
      <DecimalInput source="location.longitude" example="-1,5534" signed />
      <LocationInput />
    </>
  );
}

/** The tabs after « Général » that the new establishment's form and the edit form share. */
const PLACE_AND_HOURS_TABS = [
  <FormTab key="adresse" label="Adresse et carte" path="adresse">
    <AddressTab />
  </FormTab>,
  <FormTab key="horaires" label="Horaires" path="horaires">
    <OpeningHoursInput />
    <ClosuresInput />
  </FormTab>,
];

export function EstablishmentCreate() {
  const formRootPathname = useFormRootPath();
  return (
    <Create redirect="edit" title="Nouvel établissement">
      <TabbedForm
        warnWhenUnsavedChanges
        formRootPathname={formRootPathname}
        validate={validateCreate}
        defaultValues={{
          kind: 'restaurant',
          venueType: 'restaurant',
          openingHours: [],
          closures: [],
          categories: [],
        }}
      >
        <FormTab label="Général">
          <GeneralTab edit={false} />
        </FormTab>
        {PLACE_AND_HOURS_TABS}
      </TabbedForm>
    </Create>
  );
}

const RESET_OPTIONS = { keepDirtyValues: true, keepIsSubmitSuccessful: true };

function EstablishmentTitle() {
  const record = useRecordContext();
  return (
    <span>
      {typeof record?.name === 'string' ? `Établissement «\u00a0${record.name}\u00a0»` : 'Établissement'}
    </span>
  );
}

export function EstablishmentEdit() {
  const formRootPathname = useFormRootPath();
  return (
    <ConcurrentEdit title={<EstablishmentTitle />}>
      <TabbedForm
        validate={validateEdit}
        warnWhenUnsavedChanges
        formRootPathname={formRootPathname}
        toolbar={
          <EditToolbar
            deleteConfirm={{
              title: <EstablishmentDeletionTitle />,
              content: <EstablishmentDeletionContent />,
            }}
          />
        }
        // A claim code renewed or a photo shared in this form changes the record: the form follows it and
        // keeps what the admin has typed meanwhile. After a save, the record it answered must not make the
        // form look unsaved again (leaving it for the list would be asked about).
        resetOptions={RESET_OPTIONS}
      >
        <FormTab label="Général">
          <VerificationPanel />
          <GeneralTab edit />
        </FormTab>
        {PLACE_AND_HOURS_TABS}
        <FormTab label="Photo" path="photo">
          <EstablishmentPhotoPanel />
        </FormTab>
        <FormTab label="Propriétaire" path="proprietaire">
          <EstablishmentOwnerPanel />
          <EstablishmentOwnerInput />
        </FormTab>
        <FormTab label="Statistiques" path="statistiques">
          <EstablishmentStats />
        </FormTab>
        <FormTab label="Historique" path="historique">
          <EstablishmentHistory />
        </FormTab>
      </TabbedForm>
    </ConcurrentEdit>
  );
}

function OwnerView() {
  const record = useRecordContext();
  const ability = useAbility();
  if (!record) return null;
  if (record.restaurantOwner == null) return <span>Aucun restaurateur n’est rattaché.</span>;
  return ability.can('read', 'restaurant-owner') ? (
    <Labeled label="Propriétaire lié">
      <ReferenceField source="restaurantOwner" reference="restaurant-owners" link="show">
        <EmailField source="email" />
      </ReferenceField>
    </Labeled>
  ) : (
    <span>Rattaché à un restaurateur.</span>
  );
}

/** An establishment read only, for admins who may read but not change establishments. */
export function EstablishmentShow() {
  return (
    <Show title={<EstablishmentTitle />}>
      <TabbedShowLayout tabs={<TabbedShowLayoutTabs variant="scrollable" scrollButtons="auto" />}>
        <TabbedShowLayout.Tab label="Général">
          <VerificationPanel />
          <TextField source="name" />
          <SelectField source="kind" choices={KIND_CHOICES} />
          <SelectField source="venueType" choices={VENUE_TYPE_CHOICES} />
          <TextField source="description" emptyText="—" />
          <TextField source="phone" emptyText="—" />
          <EmailField source="email" emptyText="—" />
          <UrlField source="website" emptyText="—" />
          <TextField source="priceRange" emptyText="Non précisée" />
          <ReferenceArrayField source="categories" reference="categories">
            <SingleFieldList linkType={false}>
              <ChipField source="name" size="small" />
            </SingleFieldList>
          </ReferenceArrayField>
          <TextField source="uri" />
          <FunctionField
            label="Anciennes adresses"
            render={(record: RaRecord) =>
              (record.previousUris as string[] | undefined)?.length ? (
                <PreviousUris record={record as never} />
              ) : (
                '—'
              )
            }
          />
          <BooleanField source="disabled" />
          <TextField source="disabledReason" label="Raison du masquage" emptyText="—" />
          <BooleanField source="closedForGood" label="Fermé définitivement" />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="Adresse et carte" path="adresse">
          <TextField source="address.street" emptyText="—" />
          <TextField source="address.postcode" emptyText="—" />
          <TextField source="address.town" />
          <NumberField source="location.latitude" locales="fr-FR" options={{ maximumFractionDigits: 6 }} />
          <NumberField source="location.longitude" locales="fr-FR" options={{ maximumFractionDigits: 6 }} />
          <LocationView />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="Horaires" path="horaires">
          <OpeningHoursView />
          <ClosuresView />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="Photo" path="photo">
          <EstablishmentPhotoView />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="Propriétaire" path="proprietaire">
          <OwnerView />
          <EstablishmentOwnerPanel />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="Statistiques" path="statistiques">
          <EstablishmentStats />
        </TabbedShowLayout.Tab>
        <TabbedShowLayout.Tab label="Historique" path="historique">
          <EstablishmentHistory />
        </TabbedShowLayout.Tab>
      </TabbedShowLayout>
    </Show>
  );
}

/** The establishments as the back office's `<Resource>` declares them. */
export const ESTABLISHMENTS_RESOURCE: ResourceProps = {
  name: 'establishments',
  icon: StorefrontIcon,
  list: EstablishmentList,
  create: EstablishmentCreate,
  edit: EstablishmentEdit,
  show: EstablishmentShow,
  recordRepresentation: 'name',
};
