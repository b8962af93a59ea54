import BubbleChartIcon from '@mui/icons-material/BubbleChart';
import Typography from '@mui/material/Typography';
import {
  Create,
  NumberField,
  Show,
  SimpleForm,
  SimpleShowLayout,
  TextField,
  TextInput,
  useRecordContext,
  type ResourceProps,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { isValidPoint } from '@tables-voisines/contract/geo';
import { CreateGroupBodySchema, PatchGroupBodySchema } from '@tables-voisines/contract/schemas/group';
import { ConcurrentEdit, EditToolbar } from './concurrent-edit';
import { DecimalInput } from './decimal-input';
import { zodValidator } from './form-errors';
import { useCoordinateChecks } from './location-input';
import { PointMap } from './point-map';
import { GROUP_FIELDS } from './providers/groups.provider';
import { pick } from './providers/provider-kit';
import { WholeList } from './whole-list';

/** What the form checks: the fields the provider sends. */
const writable = (values: Record<string, unknown>) => pick(values, GROUP_FIELDS);
const validateCreate = zodValidator(CreateGroupBodySchema, writable);
const validateEdit = zodValidator(PatchGroupBodySchema, writable);

export function GroupList() {
  return (
    <WholeList subject="group" sortField="name" title="Groupes">
      <TextField source="name" />
      <NumberField source="radius" locales="fr-FR" />
      <NumberField source="latitude" locales="fr-FR" />
      <NumberField source="longitude" locales="fr-FR" />
    </WholeList>
  );
}

const CENTRE_SOURCES = { latitude: 'latitude', longitude: 'longitude' };

/** The group's circle on the map: click to move its centre; the radius field sets its size. */
function GroupCircleInput() {
  const { setValue } = useFormContext();
  const [latitude, longitude, radius] = useWatch({ name: ['latitude', 'longitude', 'radius'] }) as [
    unknown,
    unknown,
    unknown,
  ];
  const point = { latitude, longitude };
  const centre = isValidPoint(point) ? point : null;
  useCoordinateChecks(CENTRE_SOURCES);
  return (
    <>
      <Typography variant="body2" color="text.secondary">
        Cliquez sur la carte pour placer le centre du cercle.
      </Typography>
      <PointMap
        label="Carte du cercle du groupe"
        value={centre}
        radiusKm={typeof radius === 'number' ? radius : null}
        onChange={(point) => {
          setValue('latitude', point.latitude, { shouldDirty: true, shouldValidate: true });
          setValue('longitude', point.longitude, { shouldDirty: true, shouldValidate: true });
        }}
      />
    </>
  );
}

function GroupFields() {
  return (
    <>
      <TextInput source="name" />
      <DecimalInput source="radius" example="12,5" />
      <DecimalInput source="latitude" example="45,7601" signed />
      <DecimalInput source="longitude" example="-1,5534" signed />
      <GroupCircleInput />
    </>
  );
}

export function GroupCreate() {
  return (
    <Create redirect="list" title="Nouveau groupe">
      <SimpleForm validate={validateCreate} defaultValues={{ radius: 10 }} warnWhenUnsavedChanges>
        <GroupFields />
      </SimpleForm>
    </Create>
  );
}

export function GroupEdit() {
  return (
    <ConcurrentEdit title="Groupe">
      <SimpleForm validate={validateEdit} warnWhenUnsavedChanges toolbar={<EditToolbar />}>
        <GroupFields />
      </SimpleForm>
    </ConcurrentEdit>
  );
}

function GroupCircleView() {
  const record = useRecordContext();
  const point = { latitude: record?.latitude, longitude: record?.longitude };
  return (
    <PointMap
      label="Carte du cercle du groupe"
      value={isValidPoint(point) ? point : null}
      radiusKm={typeof record?.radius === 'number' ? record.radius : null}
    />
  );
}

const DECIMALS = { maximumFractionDigits: 6 };

/** A group read only, for admins who may read but not change groups. */
export function GroupShow() {
  return (
    <Show title="Groupe">
      <SimpleShowLayout>
        <TextField source="name" />
        <NumberField source="radius" locales="fr-FR" options={DECIMALS} />
        <NumberField source="latitude" locales="fr-FR" options={DECIMALS} />
        <NumberField source="longitude" locales="fr-FR" options={DECIMALS} />
        <GroupCircleView />
      </SimpleShowLayout>
    </Show>
  );
}

/** The groups as the back office's `<Resource>` declares them. */
export const GROUPS_RESOURCE: ResourceProps = {
  name: 'groups',
  icon: BubbleChartIcon,
  list: GroupList,
  create: GroupCreate,
  edit: GroupEdit,
  show: GroupShow,
  recordRepresentation: 'name',
};
