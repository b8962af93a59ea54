import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useNavigate, useSearchParams } from 'react-router';
import { useWatch } from 'react-hook-form';
import { OwnerSignInBodySchema, type OwnerSignInBody } from '@tables-voisines/contract/schemas/account';
import { contractResolver } from './contract-resolver';
import { checkForm, type FormCheck } from './form-errors';
import { EmailField } from './form-parts';
import { OWNER_PATHS, RETURN_PARAM, returnPathFrom } from './owner-paths';
import { useOwnerSession } from './owner-session';
import { FormMessage, OwnerForm, OwnerScreen, TextLink } from './owner-ui';
import { FormPasswordField } from './password-field';
import { useOwnerForm } from './use-owner-form';

export interface SignInValues {
  email: string;
  password: string;
}

/**
 * The sign-in form checked by the contract's schema. Its union (e-mail and password, or a long-life token)
 * says little when it fails: each field says what is missing instead.
 */
export function checkSignIn(values: SignInValues): FormCheck<OwnerSignInBody> {
  const check = checkForm(OwnerSignInBodySchema, values);
  if (check.ok) return check;
  const errors: Record<string, string> = {
    ...(values.email.trim() === '' ? { email: 'L’adresse e-mail est obligatoire.' } : {}),
    ...(values.password === '' ? { password: 'Le mot de passe est obligatoire.' } : {}),
  };
  if (Object.keys(errors).length === 0) errors.password = Object.values(check.errors)[0] ?? '';
  return { ok: false, errors };
}

const resolver = contractResolver(checkSignIn);

export function SignInPage() {
  // The page asked for before signing in (`/espace-restaurateur/ardoise`), never another site's.
  const [params] = useSearchParams();
  const back = returnPathFrom(params.get(RETURN_PARAM));
  const { store } = useOwnerSession();
  const navigate = useNavigate();
  const { form, notice, submit } = useOwnerForm<SignInValues, OwnerSignInBody>({
    defaultValues: { email: '', password: '' },
    resolver,
  });
  const { control, formState } = form;
  // Carried to « Mot de passe oublié ? » (in the navigation's state, never in the address): not typed twice.
  const typedEmail = useWatch({ control, name: 'email' });

  const signIn = submit(async (body) => {
    if (store === null) return;
    await store.signInOwner(body);
    void navigate(back ?? OWNER_PATHS.home);
  });

  return (
    <OwnerScreen
      title="Espace restaurateur"
      intro="Connectez-vous pour tenir à jour la page de votre établissement et publier l’ardoise du jour."
    >
      <OwnerForm label="Connexion" onSubmit={signIn}>
        <FormMessage message={notice} />
        <EmailField control={control} />
        <FormPasswordField
          control={control}
          name="password"
          label="Mot de passe"
          autoComplete="current-password"
          required
        />
        <Button type="submit" variant="contained" size="large" disabled={formState.isSubmitting}>
          Se connecter
        </Button>
        <Typography>
          <TextLink
            to={OWNER_PATHS.forgottenPassword}
            state={typedEmail.trim() === '' ? undefined : { email: typedEmail.trim() }}
          >
            Mot de passe oublié ?
          </TextLink>
        </Typography>
        <Typography>
          Pas encore de compte ? <TextLink to={OWNER_PATHS.signUp}>Créer mon compte restaurateur</TextLink>
        </Typography>
      </OwnerForm>
    </OwnerScreen>
  );
}
