import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import { useState } from 'react';
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
  useSaveContext,
  type RaRecord,
  type ResourceProps,
} from 'react-admin';
import { CreateAdminBodySchema, PatchAdminBodySchema } from '@tables-voisines/contract/schemas/account';
import { ConcurrentEdit, EditToolbar } from './concurrent-edit';
import { zodValidator } from './form-errors';
import { ACTION_LABELS, PermissionsInput, SUBJECT_LABELS } from './permissions-input';
import type { PermissionPair } from './permission-matrix';
import { ADMIN_FIELDS } from './providers/admins.provider';
import { pick } from './providers/provider-kit';
import { WholeList } from './whole-list';

/** What the form checks: the fields the provider sends, an empty password left out (unchanged). */
const writable = (values: Record<string, unknown>) => pick(values, ADMIN_FIELDS);
const validateCreate = zodValidator(CreateAdminBodySchema, writable);
const validateEdit = zodValidator(PatchAdminBodySchema, writable);

function permissionsText(record: RaRecord): string {
  return ((record.permissions ?? []) as PermissionPair[])
    .map((p) => `${ACTION_LABELS[p.action]} · ${SUBJECT_LABELS[p.subject]}`)
    .join(', ');
}

export function AdminList() {
  return (
    <WholeList subject="admin" sortField="username" title="Administrateurs">
      <TextField source="username" />
      <EmailField source="email" />
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

export function AdminEdit() {
  return (
    <ConcurrentEdit title={<AdminTitle />}>
      <SimpleForm validate={validateEdit} warnWhenUnsavedChanges toolbar={<EditToolbar />}>
        <TextInput source="username" autoComplete="off" />
        <TextInput source="email" />
        <TextInput
          source="password"
          type="password"
          autoComplete="new-password"
          label="Nouveau mot de passe"
          helperText="Laissez vide pour ne pas le changer."
        />
        <PermissionsInput />
      </SimpleForm>
    </ConcurrentEdit>
  );
}

/** An admin read only, for admins who may read but not change admins. */
export function AdminShow() {
  return (
    <Show title={<AdminTitle />}>
      <SimpleShowLayout>
        <TextField source="username" />
        <EmailField source="email" emptyText="—" />
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
