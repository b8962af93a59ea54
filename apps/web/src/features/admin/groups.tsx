import BubbleChartIcon from '@mui/icons-material/BubbleChart';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import MuiTextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState } from 'react';
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
import {
  COPIED,
  COPY_FAILED,
  copyField,
  embedCodeExplanation,
  useSiteName,
  useSiteUrl,
} from '../embed/embed-code';
import { embedIframeCode } from '../embed/embed-paths';
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
        <GroupEmbedCode />
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

/**
 * « Intégrer cette carte »: the iframe code of the group's members' map (`/integrer/carte`, issue 52), for
 * the group's own site, with « Copier le code ». Only for a group saved (it needs its id).
 */
function GroupEmbedCode() {
  const record = useRecordContext();
  const siteUrl = useSiteUrl();
  const siteName = useSiteName();
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState('');
  const field = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  if (typeof record?.id !== 'string' || typeof record.name !== 'string') return null;
  const code = embedIframeCode(siteUrl, { id: record.id, name: record.name });
  return (
    <Box sx={{ width: '100%', maxWidth: 720, mt: 2 }}>
      <Button
        variant="outlined"
        size="small"
        aria-expanded={open}
        aria-controls={`${id}-zone`}
        onClick={() => {
          setOpen(!open);
          setStatus('');
        }}
      >
        Intégrer cette carte
      </Button>
      <Collapse in={open} id={`${id}-zone`}>
        <Typography variant="body2" sx={{ mt: 1.5, mb: 1 }} id={`${id}-aide`}>
          {embedCodeExplanation(siteName)}
        </Typography>
        <MuiTextField
          label="Code de la carte à intégrer"
          value={code}
          multiline
          minRows={3}
          fullWidth
          inputRef={field}
          slotProps={{
            htmlInput: {
              readOnly: true,
              'aria-describedby': `${id}-aide`,
              style: { fontFamily: 'monospace' },
            },
          }}
          onFocus={(event) => (event.target as HTMLTextAreaElement).select()}
        />
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mt: 1 }}>
          <Button
            variant="contained"
            size="small"
            onClick={() => {
              if (field.current !== null) {
                void copyField(field.current).then((done) => setStatus(done ? COPIED : COPY_FAILED));
              }
            }}
          >
            Copier le code
          </Button>
          <Typography variant="body2" role="status" aria-live="polite">
            {status}
          </Typography>
        </Box>
      </Collapse>
    </Box>
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
        <GroupEmbedCode />
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
