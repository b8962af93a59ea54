import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import {
  ForgottenPasswordBodySchema,
  ForgottenPasswordConfirmBodySchema,
  type ForgottenPasswordBody,
  type ForgottenPasswordConfirmBody,
} from '@tables-voisines/contract/schemas/account';
import { apiRequest } from '../../lib/api-client';
import { contractResolver } from './contract-resolver';
import { checkForm, type FormCheck } from './form-errors';
import { EmailField } from './form-parts';
import { OWNER_PATHS } from './owner-paths';
import { FormMessage, OwnerForm, OwnerScreen, TextLink } from './owner-ui';
import { FormPasswordField } from './password-field';
import { passwordStrength } from './password-strength';
import { useOwnerForm } from './use-owner-form';

const forgottenResolver = zodResolver(ForgottenPasswordBodySchema);

/** The address typed on the sign-in page, handed over in the navigation's state. */
function emailFromState(state: unknown): string {
  const email = (state as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? email.slice(0, 254) : '';
}

export function ForgottenPasswordPage() {
  const location = useLocation();
  const { form, notice, submit } = useOwnerForm<{ email: string }, ForgottenPasswordBody>({
    defaultValues: { email: emailFromState(location.state) },
    resolver: forgottenResolver,
  });
  const [sentTo, setSentTo] = useState<string | null>(null);

  const send = submit(async (body) => {
    await apiRequest('ownerForgottenPassword', { body });
    setSentTo(body.email);
  });

  return (
    <OwnerScreen
      title="Mot de passe oublié"
      intro="Indiquez l’adresse e-mail de votre compte : nous vous enverrons un lien pour choisir un nouveau mot de passe."
    >
      {sentTo !== null ? (
        <>
          <FormMessage
            severity="success"
            message={`Si un compte existe pour ${sentTo}, un lien vient de lui être envoyé. Il est valable une heure.`}
          />
          <Typography sx={{ mt: 2 }}>
            <TextLink to={OWNER_PATHS.signIn}>Retour à la connexion</TextLink>
          </Typography>
        </>
      ) : (
        <OwnerForm label="Mot de passe oublié" onSubmit={send}>
          <FormMessage message={notice} />
          <EmailField control={form.control} />
          <Button type="submit" variant="contained" size="large" disabled={form.formState.isSubmitting}>
            Recevoir le lien
          </Button>
          <Typography>
            <TextLink to={OWNER_PATHS.signIn}>Retour à la connexion</TextLink>
          </Typography>
        </OwnerForm>
      )}
    </OwnerScreen>
  );
}

export interface NewPasswordValues {
  /** From the mailed link, not typed. */
  token: string;
  password: string;
  repeat: string;
}

export const SAME_PASSWORD_MESSAGE = 'Les deux mots de passe ne sont pas identiques.';

/** The new password checked by the contract's schema, then against its confirmation. */
export function checkNewPassword(values: NewPasswordValues): FormCheck<ForgottenPasswordConfirmBody> {
  const check = checkForm(ForgottenPasswordConfirmBodySchema, {
    token: values.token,
    password: values.password,
  });
  if (!check.ok) return check;
  if (values.repeat !== values.password) return { ok: false, errors: { repeat: SAME_PASSWORD_MESSAGE } };
  return check;
}

const newPasswordResolver = contractResolver(checkNewPassword);

/** The page of the mailed link: `/espace-restaurateur/nouveau-mot-de-passe?token=...`. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { form, notice, setNotice, submit } = useOwnerForm<NewPasswordValues, ForgottenPasswordConfirmBody>({
    defaultValues: { token, password: '', repeat: '' },
    resolver: newPasswordResolver,
  });
  const [done, setDone] = useState(false);
  const password = useWatch({ control: form.control, name: 'password' });
  const strength = passwordStrength(password);

  const save = submit(
    async (body) => {
      await apiRequest('ownerForgottenPasswordConfirm', { body });
      setDone(true);
    },
    {
      // A refused link is about no field shown here: said over the form.
      onFailure: (failure) => {
        for (const [path, message] of Object.entries(failure.fields)) {
          if (path === 'password') form.setError('password', { type: 'server', message });
        }
        const text = failure.message ?? failure.fields.token;
        setNotice(text === undefined ? null : { text, severity: 'error' });
      },
    },
  );

  return (
    <OwnerScreen
      title="Nouveau mot de passe"
      intro="Choisissez le nouveau mot de passe de votre compte restaurateur."
    >
      {done ? (
        <>
          <FormMessage
            severity="success"
            message="Votre mot de passe a été changé. Vous pouvez vous connecter."
          />
          <Button component={RouterLink} to={OWNER_PATHS.signIn} sx={{ mt: 2 }} variant="contained">
            Se connecter
          </Button>
        </>
      ) : (
        <OwnerForm
          label="Choix du nouveau mot de passe"
          onSubmit={async () => {
            await save();
            // The link itself is refused by the schema: said over the form, like the server's refusal.
            const refused = form.getFieldState('token').error?.message;
            if (refused !== undefined) setNotice({ text: refused, severity: 'error' });
          }}
        >
          <FormMessage message={notice} />
          {token === '' && (
            <FormMessage message="Ce lien est incomplet : ouvrez le lien reçu par e-mail, ou demandez-en un nouveau." />
          )}
          <FormPasswordField
            control={form.control}
            name="password"
            label="Nouveau mot de passe"
            autoComplete="new-password"
            helperText={password === '' ? 'Au moins 10 caractères.' : `Solidité : ${strength.label}`}
            required
          />
          <FormPasswordField
            control={form.control}
            name="repeat"
            label="Confirmez le mot de passe"
            toggleLabel="Afficher la confirmation du mot de passe"
            autoComplete="new-password"
            required
          />
          <Button type="submit" variant="contained" size="large" disabled={form.formState.isSubmitting}>
            Enregistrer le mot de passe
          </Button>
          <Typography>
            <TextLink to={OWNER_PATHS.forgottenPassword}>Demander un nouveau lien</TextLink>
          </Typography>
        </OwnerForm>
      )}
    </OwnerScreen>
  );
}
