import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { PRICE_RANGES, VENUE_TYPES, VENUE_TYPE_LABELS } from '@tables-voisines/contract/labels';
import {
  PatchEstablishmentBodySchema,
  type Establishment,
} from '@tables-voisines/contract/schemas/establishment';
import { establishmentPath } from '@tables-voisines/contract/site-paths';
import { apiRequest } from '../../lib/api-client';
import { patchEstablishmentRoute } from '../../lib/api-routes';
import {
  establishmentFieldOf,
  toEstablishmentForm,
  toEstablishmentPatch,
  type EstablishmentFormValues,
} from './establishment-form';
import { checkForm, type FieldErrors } from './form-errors';
import { CategoriesField } from './category-picker';
import { OpeningHoursEditor } from './opening-hours-editor';
import { FormMessage, OwnerForm, OwnerLoading, OwnerScreen } from './owner-ui';
import { PagePreview } from './page-preview';
import { PhotoField } from './photo-field';
import { UnsavedChangesGuard } from './unsaved-changes-guard';
import { useFormSubmission } from './use-form-submission';
import { useOwnerEstablishment } from './use-owner-establishment';
import { useOwnerPage } from './use-owner-page';

const TO_CORRECT = 'Certains champs sont à corriger.';

const onFields = (errors: FieldErrors, rowOfHours: readonly number[]): FieldErrors =>
  Object.fromEntries(
    Object.entries(errors).map(([path, message]) => [establishmentFieldOf(path, rowOfHours), message]),
  );

type TextFieldName = Exclude<keyof EstablishmentFormValues, 'openingHours' | 'venueType' | 'priceRange'>;

const TEXT_FIELDS: {
  name: TextFieldName;
  label: string;
  type?: string;
  autoComplete?: string;
  multiline?: boolean;
}[] = [
  { name: 'name', label: 'Nom de l’établissement' },
  { name: 'description', label: 'Description', multiline: true },
  { name: 'street', label: 'Adresse (numéro et rue)', autoComplete: 'street-address' },
  { name: 'postcode', label: 'Code postal', autoComplete: 'postal-code' },
  { name: 'town', label: 'Ville', autoComplete: 'address-level2' },
  { name: 'phone', label: 'Téléphone', type: 'tel', autoComplete: 'tel' },
  { name: 'email', label: 'Adresse e-mail de l’établissement', type: 'email', autoComplete: 'email' },
  { name: 'website', label: 'Site web', type: 'url', autoComplete: 'url' },
];

function EditForm({
  establishment,
  token,
  onSaved,
}: {
  establishment: Establishment;
  token: string;
  onSaved: (e: Establishment) => void;
}) {
  const [values, setValues] = useState(() => toEstablishmentForm(establishment));
  // What the public page shows, as a body: compared with the form's, so that a change typed and undone, or
  // a saved form the server wrote its own way (`www.…` → `https://www.…`), counts as nothing to publish.
  const [published, setPublished] = useState(() =>
    JSON.stringify(toEstablishmentPatch(toEstablishmentForm(establishment)).body),
  );
  const unpublished = JSON.stringify(toEstablishmentPatch(values).body) !== published;
  const { errors, setErrors, notice, setNotice, busy, send } = useFormSubmission();
  const set = <K extends keyof EstablishmentFormValues>(name: K, value: EstablishmentFormValues[K]) => {
    setValues((v) => ({ ...v, [name]: value }));
    setNotice(null);
  };

  async function save() {
    const { body, rowOfHours } = toEstablishmentPatch(values);
    const check = checkForm(PatchEstablishmentBodySchema, body);
    if (!check.ok) {
      setErrors(onFields(check.errors, rowOfHours));
      setNotice({ text: TO_CORRECT, severity: 'error' });
      return;
    }
    await send(
      async () => {
        const saved = (await apiRequest(patchEstablishmentRoute, {
          token,
          params: { id: establishment.id },
          body,
        })) as Establishment;
        onSaved(saved);
        setPublished(JSON.stringify(body));
        setNotice({ text: 'Modifications publiées.', severity: 'success' });
      },
      {
        onFailure: (failure) => {
          setErrors(onFields(failure.fields, rowOfHours));
          setNotice({ text: failure.message ?? TO_CORRECT, severity: 'error' });
        },
      },
    );
  }

  async function savePhoto(url: string) {
    const saved = (await apiRequest(patchEstablishmentRoute, {
      token,
      params: { id: establishment.id },
      body: { photo: { url } },
    })) as Establishment;
    onSaved(saved);
  }

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
        <OwnerForm label="Ma page" onSubmit={save}>
          <Box>
            <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
              Photo
            </Typography>
            <PhotoField token={token} onUploaded={savePhoto} />
          </Box>
          <Typography variant="h3" component="h2">
            Informations
          </Typography>
          {TEXT_FIELDS.slice(0, 2).map((f) => (
            <TextField
              key={f.name}
              label={f.label}
              value={values[f.name]}
              onChange={(e) => set(f.name, e.target.value)}
              error={errors[f.name] !== undefined}
              helperText={errors[f.name]}
              multiline={f.multiline}
              minRows={f.multiline ? 3 : undefined}
              required={f.name === 'name'}
            />
          ))}
          <TextField
            select
            label="Type d’établissement"
            value={values.venueType}
            onChange={(e) => set('venueType', e.target.value as EstablishmentFormValues['venueType'])}
          >
            {VENUE_TYPES.map((v) => (
              <MenuItem key={v} value={v}>
                {VENUE_TYPE_LABELS[v]}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Gamme de prix"
            value={values.priceRange}
            onChange={(e) => set('priceRange', e.target.value as EstablishmentFormValues['priceRange'])}
          >
            <MenuItem value="">Non précisée</MenuItem>
            {PRICE_RANGES.map((p) => (
              <MenuItem key={p} value={p}>
                {p}
              </MenuItem>
            ))}
          </TextField>
          <CategoriesField
            ids={values.categories}
            onChange={(ids) => set('categories', ids)}
            error={errors.categories}
          />
          <Typography variant="h3" component="h2">
            Adresse et contact
          </Typography>
          {TEXT_FIELDS.slice(2).map((f) => (
            <TextField
              key={f.name}
              label={f.label}
              type={f.type}
              autoComplete={f.autoComplete}
              value={values[f.name]}
              onChange={(e) => set(f.name, e.target.value)}
              error={errors[f.name] !== undefined}
              helperText={errors[f.name]}
              required={f.name === 'town'}
            />
          ))}
          <OpeningHoursEditor
            rows={values.openingHours}
            errors={errors}
            onChange={(rows) => set('openingHours', rows)}
          />
          <FormMessage message={notice} />
          <Box sx={{ position: 'sticky', bottom: 0, py: 1, bgcolor: 'background.paper', zIndex: 1 }}>
            <Button type="submit" variant="contained" size="large" fullWidth disabled={busy}>
              Publier les modifications
            </Button>
          </Box>
        </OwnerForm>
      </Box>
      <Box sx={{ position: { md: 'sticky' }, top: { md: 16 }, alignSelf: 'start' }}>
        <PagePreview values={values} photo={establishment.photo} />
        <Typography sx={{ mt: 1 }}>
          <Link
            href={establishmentPath(establishment.kind, establishment.uri)}
            target="_blank"
            rel="noopener"
          >
            Ouvrir ma page publique (nouvel onglet)
          </Link>
        </Typography>
      </Box>
    </Box>
  );
}

export function EditPage() {
  const { owner, token, here } = useOwnerPage('ready');
  const establishment = useOwnerEstablishment(owner?.establishment ?? null, token);

  if (!here || token === null) return <OwnerLoading />;
  if (establishment.isError)
    return <FormMessage message="Votre établissement n’a pas pu être chargé. Veuillez réessayer." />;
  if (establishment.data === undefined) return <OwnerLoading />;
  return (
    <OwnerScreen
      title="Ma page"
      intro="Ce que vous publiez ici apparaît aussitôt sur votre page publique."
      wide
    >
      <EditForm
        key={establishment.data.id}
        establishment={establishment.data}
        token={token}
        onSaved={establishment.replace}
      />
    </OwnerScreen>
  );
}
