import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { OwnerSignInBodySchema } from '@tables-voisines/contract/schemas/account';
import { checkForm } from './form-errors';
import { OWNER_PATHS, RETURN_PARAM, returnPathFrom } from './owner-paths';
import { FormMessage, OwnerForm, OwnerScreen, TextLink } from './owner-ui';
import { PasswordField } from './password-field';
import { useFormSubmission } from './use-form-submission';
import { useOwnerPage } from './use-owner-page';

export function SignInPage() {
  // The page asked for before signing in (`/espace-restaurateur/ardoise`), never another site's.
  const [params] = useSearchParams();
  const back = returnPathFrom(params.get(RETURN_PARAM));
  const { store } = useOwnerPage('signed-out', back);
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { errors, setErrors, notice, busy, send } = useFormSubmission();

  async function submit() {
    const check = checkForm(OwnerSignInBodySchema, { email, password });
    // The union's own message says little: each field says what is missing.
    if (!check.ok) {
      setErrors({
        ...(email.trim() === '' ? { email: 'L’adresse e-mail est obligatoire.' } : {}),
        ...(password === '' ? { password: 'Le mot de passe est obligatoire.' } : {}),
      });
      return;
    }
    if (store === null) return;
    await send(async () => {
      await store.signInOwner(check.data);
      void navigate(back ?? OWNER_PATHS.home);
    });
  }

  return (
    <OwnerScreen
      title="Espace restaurateur"
      intro="Connectez-vous pour tenir à jour la page de votre établissement et publier l’ardoise du jour."
    >
      <OwnerForm label="Connexion" onSubmit={submit}>
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
        <PasswordField
          label="Mot de passe"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={errors.password !== undefined}
          helperText={errors.password}
          required
        />
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          Se connecter
        </Button>
        <Typography>
          <TextLink to={OWNER_PATHS.forgottenPassword}>Mot de passe oublié ?</TextLink>
        </Typography>
        <Typography>
          Pas encore de compte ? <TextLink to={OWNER_PATHS.signUp}>Créer mon compte restaurateur</TextLink>
        </Typography>
      </OwnerForm>
    </OwnerScreen>
  );
}
