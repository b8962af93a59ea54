import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import { useMemo, useState } from 'react';
import { useWatch } from 'react-hook-form';
import {
  Confirm,
  Create,
  DateField,
  EmailField,
  FunctionField,
  Show,
  SimpleForm,
  SimpleShowLayout,
  TextField,
  TextInput,
  useGetIdentity,
  useRecordContext,
  useSaveContext,
  type RaRecord,
  type ResourceProps,
} from 'react-admin';
import { CreateAdminBodySchema, PatchAdminBodySchema } from '@tables-voisines/contract/schemas/account';
import { ConcurrentEdit, EditToolbar } from './concurrent-edit';
import { zodValidator } from './form-errors';
import { ACTION_LABELS, PermissionsInput, SUBJECT_LABELS } from './permissions-input';
import type { PermissionPair } from './permission-matrix';
import { ADMIN_FIELDS, changesCredentials } from './providers/admins.provider';
import { pick } from './providers/provider-kit';
import { WholeList } from './whole-list';

/** What the form checks: the fields the provider sends, an empty password left out (unchanged). */
const writable = (values: Record<string, unknown>) => pick(values, ADMIN_FIELDS);
const validateCreate = zodValidator(CreateAdminBodySchema, writable);

export const CURRENT_PASSWORD_MISSING = 'Saisissez votre mot de passe actuel.';

/**
 * The edit form's check: with the current password when the admin changes its own password or address
 * (`ownChange`), which the server asks for.
 */
function editValidator(ownChange: (values: Record<string, unknown>) => boolean) {
  const checkFields = zodValidator(PatchAdminBodySchema, writable);
  const checkCurrent = zodValidator(PatchAdminBodySchema, (values) => ({
    currentPassword: values.currentPassword,
  }));
  return (values: Record<string, unknown>) => {
    const errors = checkFields(values);
    if (!ownChange(values)) return errors;
    const current = values.currentPassword;
    if (typeof current !== 'string' || current === '')
      return { ...errors, currentPassword: CURRENT_PASSWORD_MISSING };
    return { ...errors, ...checkCurrent(values) };
  };
}

function permissionsText(record: RaRecord): string {
  return ((record.permissions ?? []) as PermissionPair[])
    .map((p) => `${ACTION_LABELS[p.action]} · ${SUBJECT_LABELS[p.subject]}`)
    .join(', ');
}

/**
 * An admin's address as a `mailto:` link, « — » when it has none: the first admin, made from `ADMIN_USERNAME`,
 * has an empty one, which react-admin's field drew as a link with no text (a link without a name, axe's
 * `link-name`, read as « lien » alone). Its props are read by the list and the show layout (the column's
 * title and sort, the label), not by the field itself.
 */
function AdminEmailField(_props: { source: 'email'; label?: string }) {
  const record = useRecordContext();
  return typeof record?.email === 'string' && record.email !== '' ? (
    <EmailField source="email" />
  ) : (
    <span>—</span>
  );
}

export function AdminList() {
  return (
    <WholeList subject="admin" sortField="username" title="Administrateurs">
      <TextField source="username" />
      <AdminEmailField source="email" />
      <FunctionField label="Permissions" sortable={false} render={permissionsText} />
      <DateField source="createdAt" locales="fr-FR" />
    </WholeList>
  );
}

type Values = Record<string, unknown>;

/**
 * The new admin's form. Without any permission the account could sign in and do nothing: asked first. The
 * save waits for the answer (« Enregistrer » stays busy meanwhile), so the server's refusals still reach
 * the fields.
 */
function AdminCreateForm() {
  const { save } = useSaveContext();
  const [asking, setAsking] = useState<{ values: Values; answer: (saved: unknown) => void } | null>(null);
  const submit = (values: Values) => {
    const permissions = values.permissions as unknown[] | undefined;
    if (save === undefined) return undefined;
    if (permissions !== undefined && permissions.length > 0) return save(values);
    return new Promise<unknown>((answer) => setAsking({ values, answer }));
  };
  return (
    <>
      <SimpleForm
        validate={validateCreate}
        defaultValues={{ permissions: [] }}
        warnWhenUnsavedChanges
        onSubmit={submit as never}
      >
        <TextInput source="username" autoComplete="off" />
        <TextInput source="email" />
        <TextInput source="password" type="password" autoComplete="new-password" />
        <PermissionsInput />
      </SimpleForm>
      <Confirm
        isOpen={asking !== null}
        title="Créer un administrateur sans permission ?"
        content="Cet administrateur ne pourra rien faire : il pourra se connecter, mais ne verra aucune liste ni aucun bouton. Cochez au moins une permission, ou créez-le ainsi pour lui en donner plus tard."
        confirm="Créer sans permission"
        cancel="Choisir des permissions"
        onConfirm={() => {
          if (asking === null || save === undefined) return;
          asking.answer(save(asking.values));
          setAsking(null);
        }}
        onClose={() => {
          asking?.answer(undefined);
          setAsking(null);
        }}
      />
    </>
  );
}

export function AdminCreate() {
  return (
    <Create redirect="list" title="Nouvel administrateur">
      <AdminCreateForm />
    </Create>
  );
}

function AdminTitle() {
  return <span>Administrateur</span>;
}

/** Whether the record is the signed-in admin's own account (react-admin's identity is the admin's id). */
function useIsOwnAccount(record: RaRecord | undefined): boolean {
  const { identity } = useGetIdentity();
  return record !== undefined && identity !== undefined && String(record.id) === String(identity.id);
}

/**
 * « Mot de passe actuel », shown while the admin changes its own password or address: the server asks for
 * it then, and says under it when it is wrong.
 */
function CurrentPasswordInput() {
  const record = useRecordContext();
  const own = useIsOwnAccount(record);
  const [password, email] = useWatch({ name: ['password', 'email'] }) as [unknown, unknown];
  if (!own || !changesCredentials({ password, email }, record)) return null;
  return (
    <TextInput
      source="currentPassword"
      type="password"
      autoComplete="current-password"
      label="Mot de passe actuel"
      helperText="Demandé pour changer votre propre mot de passe ou votre adresse e-mail."
    />
  );
}

function AdminEditForm() {
  const record = useRecordContext();
  const own = useIsOwnAccount(record);
  const validate = useMemo(
    () => editValidator((values) => own && changesCredentials(values, record)),
    [own, record],
  );
  return (
    <SimpleForm validate={validate} warnWhenUnsavedChanges toolbar={<EditToolbar />}>
      <TextInput source="username" autoComplete="off" />
      <TextInput source="email" />
      <TextInput
        source="password"
        type="password"
        autoComplete="new-password"
        label="Nouveau mot de passe"
        helperText="Laissez vide pour ne pas le changer."
      />
      <CurrentPasswordInput />
      <PermissionsInput />
    </SimpleForm>
  );
}

export function AdminEdit() {
  return (
    <ConcurrentEdit title={<AdminTitle />}>
      <AdminEditForm />
    </ConcurrentEdit>
  );
}

/** An admin read only, for admins who may read but not change admins. */
export function AdminShow() {
  return (
    <Show title={<AdminTitle />}>
      <SimpleShowLayout>
        <TextField source="username" />
        <AdminEmailField source="email" />
        <FunctionField
          label="Permissions"
          render={(record: RaRecord) => permissionsText(record) || 'Aucune'}
        />
        <DateField source="createdAt" locales="fr-FR" showTime />
      </SimpleShowLayout>
    </Show>
  );
}

/** The administrators as the back office's `<Resource>` declares them. */
export const ADMINS_RESOURCE: ResourceProps = {
  name: 'admins',
  icon: AdminPanelSettingsIcon,
  list: AdminList,
  create: AdminCreate,
  edit: AdminEdit,
  show: AdminShow,
  recordRepresentation: 'username',
};
