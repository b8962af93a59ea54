import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { PRICE_RANGES, VENUE_TYPES, VENUE_TYPE_LABELS } from '@tables-voisines/contract/labels';
import type { Establishment, PatchEstablishmentBody } from '@tables-voisines/contract/schemas/establishment';
import { establishmentPath } from '@tables-voisines/contract/site-paths';
import { apiRequest } from '../../lib/api-client';
import { CategoriesField } from './category-picker';
import { ClosuresEditor } from './closures-editor';
import {
  establishmentFieldOf,
  establishmentResolver,
  establishmentSnapshot,
  photoToShow,
  toEstablishmentForm,
  toEstablishmentPatch,
  type EstablishmentFormValues,
} from './establishment-form';
import {
  FormTextField,
  OwnerFormMessage,
  PublishBar,
  showPublishFailure,
  useFocusFirstError,
  useOwnerFormNotice,
} from './form-parts';
import { HiddenPageNotice } from './hidden-page-notice';
import { LoadedScreen } from './loaded-screen';
import { OpeningHoursEditor } from './opening-hours-editor';
import { keepEtag, writeConditions, type Versioned } from './owner-data';
import type { EstablishmentScreenData } from './owner-loaders';
import { OwnerForm } from './owner-ui';
import { PagePreview } from './page-preview';
import { PhotoField } from './photo-field';
import { UnsavedChangesGuard } from './unsaved-changes-guard';
import { parisDay } from '@tables-voisines/contract/paris-time';

const TO_CORRECT = 'Certains champs sont à corriger.';

type TextFieldName = 'name' | 'description' | 'street' | 'postcode' | 'town' | 'phone' | 'email' | 'website';

const TEXT_FIELDS: {
  name: TextFieldName;
  label: string;
  type?: string;
  autoComplete?: string;
  multiline?: boolean;
  required?: boolean;
}[] = [
  { name: 'name', label: 'Nom de l’établissement', required: true },
  { name: 'description', label: 'Description', multiline: true },
  { name: 'street', label: 'Adresse (numéro et rue)', autoComplete: 'street-address' },
  { name: 'postcode', label: 'Code postal', autoComplete: 'postal-code' },
  { name: 'town', label: 'Ville', autoComplete: 'address-level2', required: true },
  { name: 'phone', label: 'Téléphone', type: 'tel', autoComplete: 'tel' },
  { name: 'email', label: 'Adresse e-mail de l’établissement', type: 'email', autoComplete: 'email' },
  { name: 'website', label: 'Site web', type: 'url', autoComplete: 'url' },
];

/** Text fields of TEXT_FIELDS, in their order; a multiline one three lines high. */
function TextFields({
  control,
  fields,
}: {
  control: Control<EstablishmentFormValues, unknown, PatchEstablishmentBody>;
  fields: typeof TEXT_FIELDS;
}) {
  return fields.map((f) => (
    <FormTextField
      key={f.name}
      control={control}
      name={f.name}
      label={f.label}
      type={f.type}
      autoComplete={f.autoComplete}
      multiline={f.multiline}
      minRows={f.multiline ? 3 : undefined}
      required={f.required}
    />
  ));
}

function EditForm({
  loaded,
  token,
  reloaded,
}: {
  loaded: Versioned<Establishment>;
  token: string;
  /** Drawn from a new reading (« Recharger »): said over the form. */
  reloaded: boolean;
}) {
  // What the public page shows, and the version it was read at: sent back with the next change.
  const [published, setPublished] = useState(loaded);
  const form = useForm<EstablishmentFormValues, unknown, PatchEstablishmentBody>({
    defaultValues: toEstablishmentForm(loaded.value),
    resolver: establishmentResolver,
    // The focus goes to the first message on screen, the server's included (`useFocusFirstError`).
    shouldFocusError: false,
  });
  const { control, handleSubmit, setError, reset, getValues, subscribe } = form;
  const { isSubmitting } = form.formState;
  const values = useWatch({ control }) as EstablishmentFormValues;
  const [notice, setNotice] = useOwnerFormNotice(subscribe, reloaded);
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(formRef);
  const establishment = published.value;
  // The day the screen was opened, in Paris: which closures are past, and the first day of a new one.
  const [today] = useState(() => parisDay(new Date()));

  // A change typed then undone, or the server's own way of writing what was sent (`www.…` → `https://www.…`),
  // is nothing to publish.
  const publishedSnapshot = useMemo(
    () => establishmentSnapshot(toEstablishmentForm(establishment)),
    [establishment],
  );
  const unpublished = establishmentSnapshot(values) !== publishedSnapshot;

  const publish = handleSubmit(
    async (body) => {
      const read = { etag: null as string | null };
      try {
        const saved = (await apiRequest('patchEstablishment', {
          token,
          params: { id: establishment.id },
          body,
          headers: writeConditions(published.etag),
          onResponse: keepEtag(read),
        })) as Establishment;
        setPublished({ value: saved, etag: read.etag });
        // The form now holds what is published, as the server wrote it (the new photo is the page's own).
        reset(toEstablishmentForm(saved));
        setNotice({ text: 'Modifications publiées.', severity: 'success' });
      } catch (error) {
        const { rowOfHours } = toEstablishmentPatch(getValues());
        showPublishFailure(error, {
          setNotice,
          setError,
          fieldOf: (path) => establishmentFieldOf(path, rowOfHours),
          fallback: TO_CORRECT,
          focusFirstError,
        });
      }
    },
    () => {
      setNotice({ text: TO_CORRECT, severity: 'error' });
      focusFirstError();
    },
  );

  const shownPhoto = photoToShow(values.photo, establishment.photo);

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 420px)' },
      }}
    >
      <Box>
        <UnsavedChangesGuard when={unpublished} />
        <OwnerForm ref={formRef} label="Ma page" onSubmit={publish}>
          <Box>
            <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
              Photo
            </Typography>
            <Controller
              control={control}
              name="photo"
              render={({ field, fieldState }) => (
                <PhotoField
                  token={token}
                  value={field.value}
                  published={establishment.photo}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                />
              )}
            />
          </Box>
          <Typography variant="h3" component="h2">
            Informations
          </Typography>
          <TextFields control={control} fields={TEXT_FIELDS.slice(0, 2)} />
          <FormTextField control={control} name="venueType" select label="Type d’établissement">
            {VENUE_TYPES.map((v) => (
              <MenuItem key={v} value={v}>
                {VENUE_TYPE_LABELS[v]}
              </MenuItem>
            ))}
          </FormTextField>
          <FormTextField control={control} name="priceRange" select label="Gamme de prix">
            <MenuItem value="">Non précisée</MenuItem>
            {PRICE_RANGES.map((p) => (
              <MenuItem key={p} value={p}>
                {p}
              </MenuItem>
            ))}
          </FormTextField>
          <Controller
            control={control}
            name="categories"
            render={({ field, fieldState }) => (
              <CategoriesField
                ids={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
              />
            )}
          />
          <Typography variant="h3" component="h2">
            Adresse et contact
          </Typography>
          <TextFields control={control} fields={TEXT_FIELDS.slice(2)} />
          <OpeningHoursEditor control={control} currentRows={() => getValues('openingHours')} />
          <ClosuresEditor control={control} saved={establishment.closures} today={today} />
          <PublishBar notice={<OwnerFormMessage notice={notice} />}>
            <Button type="submit" variant="contained" size="large" fullWidth disabled={isSubmitting}>
              Publier les modifications
            </Button>
          </PublishBar>
        </OwnerForm>
      </Box>
      <Box sx={{ position: { md: 'sticky' }, top: { md: 16 }, alignSelf: 'start' }}>
        <PagePreview values={values} photo={shownPhoto} />
        {/* A hidden page answers « Page introuvable »: no link to it then. */}
        {!establishment.disabled && (
          <Typography sx={{ mt: 1 }}>
            <Link
              href={establishmentPath(establishment.kind, establishment.uri)}
              target="_blank"
              rel="noopener"
            >
              Ouvrir ma page publique (nouvel onglet)
            </Link>
          </Typography>
        )}
      </Box>
    </Box>
  );
}

export function EditPage({ loaded }: { loaded: EstablishmentScreenData }) {
  return (
    <LoadedScreen
      loaded={loaded}
      title="Ma page"
      intro={({ value }) =>
        value.disabled
          ? 'Ce que vous publiez ici sera sur votre page publique dès que l’équipe la rendra de nouveau visible.'
          : 'Ce que vous publiez ici apparaît aussitôt sur votre page publique.'
      }
      wide
    >
      {(data, token, readAt, reloaded) => (
        <>
          <HiddenPageNotice establishment={data.value} />
          {/* A new reading (« Recharger ») starts the form again from it. */}
          <EditForm key={readAt} loaded={data} token={token} reloaded={reloaded} />
        </>
      )}
    </LoadedScreen>
  );
}
