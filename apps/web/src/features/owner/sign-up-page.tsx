import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { SignUpBodySchema } from '@tables-voisines/contract/schemas/account';
import { EmailSchema } from '@tables-voisines/contract/schemas/common';
import { apiRequest } from '../../lib/api-client';
import { ownerCheckRoute, ownerSignUpRoute } from '../../lib/api-routes';
import { checkForm } from './form-errors';
import { OWNER_PATHS } from './owner-paths';
import { FormMessage, OwnerForm, OwnerScreen, TextLink } from './owner-ui';
import { PasswordField } from './password-field';
import { passwordStrength } from './password-strength';
import { useFormSubmission } from './use-form-submission';
import { useOwnerPage } from './use-owner-page';

const EMAIL_TAKEN = 'Cette adresse e-mail est déjà utilisée.';

export function SignUpPage() {
  const { store } = useOwnerPage('signed-out');
  const navigate = useNavigate();
  const [values, setValues] = useState({ email: '', password: '', firstName: '', lastName: '', phone: '' });
  const { errors, setErrors, notice, busy, send } = useFormSubmission();
  const [emailTaken, setEmailTaken] = useState(false);
  const strength = passwordStrength(values.password);

  const set = (field: keyof typeof values) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    if (errors[field] !== undefined) setErrors(({ [field]: _gone, ...rest }) => rest);
    if (field === 'email') setEmailTaken(false);
  };

  /** Live check through `check` when the address is left: taken addresses are said before submitting. */
  async function checkEmail() {
    const parsed = EmailSchema.safeParse(values.email);
    if (!parsed.success) {
      if (values.email.trim() !== '') setErrors((e) => ({ ...e, email: parsed.error.issues[0]!.message }));
      return;
    }
    try {
      const answer = await apiRequest(ownerCheckRoute, { body: { email: parsed.data } });
      if (answer.emailAvailable === false) {
        setEmailTaken(true);
        setErrors((e) => ({ ...e, email: EMAIL_TAKEN }));
      }
    } catch {
      // The sign-up itself will say it.
    }
  }

  async function submit() {
    const check = checkForm(SignUpBodySchema, values);
    if (!check.ok) {
      setErrors(check.errors);
      return;
    }
    if (store === null) return;
    const failure = await send(
      async () => {
        store.acceptOwnerSignIn(await apiRequest(ownerSignUpRoute, { body: check.data }));
        void navigate(OWNER_PATHS.confirm);
      },
      { codes: { EmailAlreadyUsed: 'email' } },
    );
    setEmailTaken(failure?.fields.email === EMAIL_TAKEN);
  }

  return (
    <OwnerScreen
      title="Créer mon compte restaurateur"
      intro="Étape 1 sur 3 : votre compte. Vous confirmerez ensuite votre adresse e-mail, puis rattacherez votre établissement."
    >
      <OwnerForm label="Création du compte" onSubmit={submit}>
        <FormMessage message={notice} />
        <TextField
          label="Adresse e-mail"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={set('email')}
          onBlur={() => void checkEmail()}
          error={errors.email !== undefined}
          helperText={errors.email}
          required
        />
        {emailTaken && (
          <Typography>
            Déjà inscrit ? <TextLink to={OWNER_PATHS.signIn}>Se connecter</TextLink>
          </Typography>
        )}
        <Box>
          <PasswordField
            fullWidth
            label="Mot de passe"
            autoComplete="new-password"
            value={values.password}
            onChange={set('password')}
            error={errors.password !== undefined}
            helperText={
              errors.password ??
              'Au moins 10 caractères ; une phrase facile à retenir fait un bon mot de passe.'
            }
            required
          />
          {values.password !== '' && (
            <Box sx={{ mt: 1 }}>
              <LinearProgress
                variant="determinate"
                value={strength.score * 25}
                color={strength.score >= 3 ? 'success' : strength.score >= 2 ? 'warning' : 'error'}
                aria-label="Solidité du mot de passe"
              />
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} aria-live="polite">
                Solidité : {strength.label}
              </Typography>
            </Box>
          )}
        </Box>
        <TextField
          label="Prénom"
          autoComplete="given-name"
          value={values.firstName}
          onChange={set('firstName')}
          error={errors.firstName !== undefined}
          helperText={errors.firstName}
          required
        />
        <TextField
          label="Nom"
          autoComplete="family-name"
          value={values.lastName}
          onChange={set('lastName')}
          error={errors.lastName !== undefined}
          helperText={errors.lastName}
          required
        />
        <TextField
          label="Téléphone (facultatif)"
          type="tel"
          autoComplete="tel"
          value={values.phone}
          onChange={set('phone')}
          error={errors.phone !== undefined}
          helperText={errors.phone}
        />
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          Créer mon compte
        </Button>
        <Typography>
          Déjà un compte ? <TextLink to={OWNER_PATHS.signIn}>Se connecter</TextLink>
        </Typography>
      </OwnerForm>
    </OwnerScreen>
  );
}
