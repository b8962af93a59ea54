import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import {
  ForgottenPasswordBodySchema,
  ForgottenPasswordConfirmBodySchema,
} from '@tables-voisines/contract/schemas/account';
import { apiRequest } from '../../lib/api-client';
import { ownerForgottenPasswordConfirmRoute, ownerForgottenPasswordRoute } from '../../lib/api-routes';
import { checkForm } from './form-errors';
import { OWNER_PATHS } from './owner-paths';
import { FormMessage, OwnerForm, OwnerScreen, TextLink } from './owner-ui';
import { PasswordField } from './password-field';
import { passwordStrength } from './password-strength';
import { useFormSubmission } from './use-form-submission';

export function ForgottenPasswordPage() {
  const [email, setEmail] = useState('');
  const { errors, setErrors, notice, busy, send } = useFormSubmission();
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit() {
    const check = checkForm(ForgottenPasswordBodySchema, { email });
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    await send(async () => {
      await apiRequest(ownerForgottenPasswordRoute, { body: check.data });
      setSentTo(check.data.email);
    });
  }

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
        <OwnerForm label="Mot de passe oublié" onSubmit={submit}>
          <FormMessage message={notice} />
          <TextField
            label="Adresse e-mail"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={errors.email !== undefined}
            helperText={errors.email}
            required
          />
          <Button type="submit" variant="contained" size="large" disabled={busy}>
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

/** The page of the mailed link: `/espace-restaurateur/nouveau-mot-de-passe?token=...`. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const { errors, setErrors, notice, setNotice, busy, send } = useFormSubmission();
  const [done, setDone] = useState(false);
  const strength = passwordStrength(password);

  async function submit() {
    const check = checkForm(ForgottenPasswordConfirmBodySchema, { token, password });
    if (!check.ok) {
      setErrors(check.errors);
      setNotice(check.errors.token === undefined ? null : { text: check.errors.token, severity: 'error' });
      return;
    }
    if (repeat !== password) {
      setErrors({ repeat: 'Les deux mots de passe ne sont pas identiques.' });
      return;
    }
    await send(
      async () => {
        await apiRequest(ownerForgottenPasswordConfirmRoute, { body: check.data });
        setDone(true);
      },
      {
        // A refused link is about no field shown here: said over the form.
        onFailure: (failure) => {
          setErrors(failure.fields);
          const text = failure.message ?? failure.fields.token;
          setNotice(text === undefined ? null : { text, severity: 'error' });
        },
      },
    );
  }

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
        <OwnerForm label="Choix du nouveau mot de passe" onSubmit={submit}>
          <FormMessage message={notice} />
          {token === '' && (
            <FormMessage message="Ce lien est incomplet : ouvrez le lien reçu par e-mail, ou demandez-en un nouveau." />
          )}
          <PasswordField
            label="Nouveau mot de passe"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={errors.password !== undefined}
            helperText={
              errors.password ??
              (password === '' ? 'Au moins 10 caractères.' : `Solidité : ${strength.label}`)
            }
            required
          />
          <PasswordField
            label="Confirmez le mot de passe"
            toggleLabel="Afficher la confirmation du mot de passe"
            autoComplete="new-password"
            value={repeat}
            onChange={(e) => setRepeat(e.target.value)}
            error={errors.repeat !== undefined}
            helperText={errors.repeat}
            required
          />
          <Button type="submit" variant="contained" size="large" disabled={busy}>
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
