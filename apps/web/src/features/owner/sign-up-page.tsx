import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { SignUpBodySchema, type SignUpBody } from '@tables-voisines/contract/schemas/account';
import { EmailSchema } from '@tables-voisines/contract/schemas/common';
import { apiRequest } from '../../lib/api-client';
import { EmailField, FormTextField } from './form-parts';
import { OWNER_PATHS } from './owner-paths';
import { useOwnerSession } from './owner-session';
import { FormMessage, OwnerForm, OwnerScreen, TextLink } from './owner-ui';
import { FormPasswordField } from './password-field';
import { passwordStrength } from './password-strength';
import { useOwnerForm } from './use-owner-form';

const EMAIL_TAKEN = 'Cette adresse e-mail est déjà utilisée.';

/** The form holds the body as typed: the contract's schema checks it and gives the body to send. */
type SignUpValues = z.input<typeof SignUpBodySchema>;

const resolver = zodResolver(SignUpBodySchema);

export function SignUpPage() {
  const { store } = useOwnerSession();
  const navigate = useNavigate();
  const { form, notice, submit } = useOwnerForm<SignUpValues, SignUpBody>({
    defaultValues: { email: '', password: '', firstName: '', lastName: '', phone: '' },
    resolver,
  });
  const { control, setError, clearErrors, getValues, formState } = form;
  const [emailTaken, setEmailTaken] = useState(false);
  const password = useWatch({ control, name: 'password' });
  const strength = passwordStrength(password);

  /** Live check through `check` when the address is left: taken addresses are said before submitting. */
  async function checkEmail() {
    const email = getValues('email');
    const parsed = EmailSchema.safeParse(email);
    if (!parsed.success) {
      if (email.trim() !== '') setError('email', { type: 'check', message: parsed.error.issues[0]!.message });
      return;
    }
    try {
      const answer = await apiRequest('ownerCheck', { body: { email: parsed.data } });
      if (answer.emailAvailable === false) {
        setEmailTaken(true);
        setError('email', { type: 'check', message: EMAIL_TAKEN });
      }
    } catch {
      // The sign-up itself will say it.
    }
  }

  const signUp = submit(
    async (body) => {
      if (store === null) return;
      store.acceptOwnerSignIn(await apiRequest('ownerSignUp', { body }));
      void navigate(OWNER_PATHS.confirm);
    },
    { codes: { EmailAlreadyUsed: 'email' } },
  );

  return (
    <OwnerScreen
      title="Créer mon compte restaurateur"
      intro="Étape 1 sur 3 : votre compte. Vous confirmerez ensuite votre adresse e-mail, puis rattacherez votre établissement."
    >
      <OwnerForm
        label="Création du compte"
        onSubmit={async () => {
          await signUp();
          setEmailTaken(form.getFieldState('email').error?.message === EMAIL_TAKEN);
        }}
      >
        <FormMessage message={notice} />
        <EmailField
          control={control}
          onTyped={() => {
            // What was said of the address left is about the address no more.
            setEmailTaken(false);
            if (form.getFieldState('email').error?.type === 'check') clearErrors('email');
          }}
          onLeft={() => void checkEmail()}
        />
        {emailTaken && (
          <Typography>
            Déjà inscrit ? <TextLink to={OWNER_PATHS.signIn}>Se connecter</TextLink>
          </Typography>
        )}
        <Box>
          <FormPasswordField
            control={control}
            name="password"
            fullWidth
            label="Mot de passe"
            autoComplete="new-password"
            helperText="Au moins 10 caractères ; une phrase facile à retenir fait un bon mot de passe."
            required
          />
          {password !== '' && (
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
        <FormTextField control={control} name="firstName" label="Prénom" autoComplete="given-name" required />
        <FormTextField control={control} name="lastName" label="Nom" autoComplete="family-name" required />
        <FormTextField
          control={control}
          name="phone"
          label="Téléphone (facultatif)"
          type="tel"
          autoComplete="tel"
        />
        <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting}>
          Créer mon compte
        </Button>
        <Typography>
          Déjà un compte ? <TextLink to={OWNER_PATHS.signIn}>Se connecter</TextLink>
        </Typography>
      </OwnerForm>
    </OwnerScreen>
  );
}
