import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useNavigate, useRouteLoaderData } from 'react-router';
import type { PublicSettings } from '@tables-voisines/contract/public-data';
import {
  ConfirmBodySchema,
  DEFAULT_CONFIRMATION_RESEND_DELAY_SECONDS,
  PatchOwnerBodySchema,
  type ConfirmBody,
  type PatchOwnerBody,
} from '@tables-voisines/contract/schemas/account';
import { apiRequest, isApiError } from '../../lib/api-client';
import { storagePrefix } from '../pwa/storage-prefix';
import { codeSentAtKey, recordCodeSentAt, rememberedCodeSentAt } from './code-sent-at';
import { contractResolver } from './contract-resolver';
import { checkForm, formFailure } from './form-errors';
import { FormTextField } from './form-parts';
import { FormPasswordField } from './password-field';
import { OWNER_PATHS } from './owner-paths';
import { useOwnerSession } from './owner-session';
import { FormMessage, OwnerForm, OwnerLoading, OwnerScreen } from './owner-ui';
import { useOwnerForm } from './use-owner-form';

const codeResolver = zodResolver(ConfirmBodySchema);

interface EmailFixValues {
  email: string;
  currentPassword: string;
}

export const CURRENT_PASSWORD_MISSING = 'Saisissez votre mot de passe actuel.';

/**
 * The new address, checked as the account's change will be, with the current password the server asks
 * for it (a signed-in page left open must not be enough to move the account elsewhere).
 */
const emailResolver = contractResolver((values: EmailFixValues) => {
  const check = checkForm(PatchOwnerBodySchema, {
    email: values.email.trim(),
    currentPassword: values.currentPassword,
  });
  if (values.currentPassword !== '') return check;
  return {
    ok: false,
    errors: { ...(check.ok ? {} : check.errors), currentPassword: CURRENT_PASSWORD_MISSING },
  };
});

/**
 * Digits kept first, then cut: a code pasted as the mail shows it ("935 022") stays whole. The field has no
 * maxLength, which would cut the pasted text before this.
 */
const codeDigits = (text: string) => text.replace(/\D/g, '').slice(0, 6);

function tabStorage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function ConfirmPage() {
  const { store, owner, token } = useOwnerSession();
  const navigate = useNavigate();
  const codeForm = useOwnerForm<{ code: string }, ConfirmBody>({
    defaultValues: { code: '' },
    resolver: codeResolver,
  });
  const { notice, setNotice } = codeForm;
  // A mistyped address is corrected here: the code goes to the new one (the account stays unconfirmed).
  const emailForm = useOwnerForm<EmailFixValues, PatchOwnerBody>({
    defaultValues: { email: '', currentPassword: '' },
    resolver: emailResolver,
    // Typing clears the message; the address is checked again when sent.
    reValidateMode: 'onSubmit',
  });
  const [changingEmail, setChangingEmail] = useState(false);
  const typedEmail = useWatch({ control: emailForm.form.control, name: 'email' }).trim();
  // The code form's notice, at the top of the screen: brought into view when the message is put there.
  const codeNotice = useRef<HTMLDivElement>(null);
  const settings = useRouteLoaderData<PublicSettings>('root');
  // A new code may be asked this long after the last one was sent: the server's own delay (a minute by default).
  const resendDelayS = settings?.confirmationResendDelaySeconds ?? DEFAULT_CONFIRMATION_RESEND_DELAY_SECONDS;
  const sentAtKey =
    owner === null
      ? null
      : codeSentAtKey(storagePrefix(settings?.siteShortName ?? 'Tables Voisines'), owner.id);
  // A deadline rather than a count of ticks: right even when a background tab's timers were slowed down.
  // Counted from when the code was sent (code-sent-at.ts), so a reload does not start the delay again.
  const [resendAt, setResendAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const wait = resendAt === null ? resendDelayS : Math.max(0, Math.ceil((resendAt - now) / 1000));

  // When the server says the last code went (the account's `confirmationCodeSentAt`): a sign-in minutes
  // later, in another tab or on another device, does not start the delay again.
  const serverSentAt = owner?.confirmationCodeSentAt ? Date.parse(owner.confirmationCodeSentAt) : Number.NaN;
  useEffect(() => {
    if (sentAtKey === null) return;
    const at = Date.now();
    const remembered = rememberedCodeSentAt(tabStorage(), sentAtKey, at);
    // `remembered` is `at` when this tab never saw a code sent; else the later of the two wins (a code this
    // tab had sent after the account was read).
    const sentAt = !Number.isFinite(serverSentAt)
      ? remembered
      : remembered < at
        ? Math.max(remembered, Math.min(serverSentAt, at))
        : Math.min(serverSentAt, at);
    setResendAt(sentAt + resendDelayS * 1000);
    setNow(at);
  }, [sentAtKey, resendDelayS, serverSentAt]);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [wait]);

  if (owner === null || token === null) return <OwnerLoading />;

  const confirm = codeForm.submit(
    async (body) => {
      const confirmed = await apiRequest('ownerConfirm', { token, body });
      store?.updateAccount({ restaurantOwner: confirmed });
      void navigate(OWNER_PATHS.claim);
    },
    { codes: { InvalidCode: 'code', CodeReplaced: 'code' } },
  );

  /** A new code went to `email`: the delay starts again, the old code is dead. */
  function codeSent(email: string) {
    const at = Date.now();
    if (sentAtKey !== null) recordCodeSentAt(tabStorage(), sentAtKey, at);
    setResendAt(at + resendDelayS * 1000);
    setNow(at);
    codeForm.form.reset({ code: '' });
    setNotice({ text: `Un nouveau code a été envoyé à ${email}.`, severity: 'success' });
    // Where the owner looks next: the message and the field for the new code, not the closed form below.
    requestAnimationFrame(() => {
      codeNotice.current?.scrollIntoView?.({ block: 'center' });
      codeForm.form.setFocus('code');
    });
  }

  /**
   * Asked before the server's delay was over (the code was sent from another tab or device, or just now
   * to the mistyped address): the button waits for what the server says is left.
   */
  function waitForServer(error: unknown) {
    const retryAfter = isApiError(error, 'RateLimited')
      ? (error.details as { retryAfter?: unknown } | undefined)?.retryAfter
      : undefined;
    if (typeof retryAfter !== 'number' || retryAfter <= 0) return;
    const at = Date.now();
    if (sentAtKey !== null) {
      recordCodeSentAt(tabStorage(), sentAtKey, at + (retryAfter - resendDelayS) * 1000);
    }
    setResendAt(at + retryAfter * 1000);
    setNow(at);
  }

  async function resend() {
    setNotice(null);
    try {
      await apiRequest('ownerResend', { token: token! });
      codeSent(owner!.email);
    } catch (error) {
      waitForServer(error);
      setNotice({
        text: formFailure(error).message ?? 'Le code n’a pas pu être renvoyé.',
        severity: 'error',
      });
    }
  }

  const changeEmail = emailForm.submit(
    async (body) => {
      if (body.email === owner.email) {
        emailForm.form.setError('email', { type: 'same', message: 'C’est déjà l’adresse de votre compte.' });
        return;
      }
      const updated = await apiRequest('patchOwner', {
        token,
        params: { id: owner.id },
        body,
      }).catch((error: unknown) => {
        // The resend button waits for the same delay the field's message gives.
        waitForServer(error);
        throw error;
      });
      // The change ends every session of the account, this one too: signed in again at the new address.
      try {
        await store?.signInOwner({ email: updated.email, password: body.currentPassword ?? '' });
      } catch {
        // The address is changed all the same; the next call that is refused sends the owner to sign in.
        store?.updateAccount({ restaurantOwner: updated });
      }
      closeEmailForm();
      codeSent(updated.email);
    },
    // Too soon for a new code: said beside the button that asked (the form's notice), not under the field.
    { codes: { EmailAlreadyUsed: 'email' } },
  );

  function closeEmailForm() {
    setChangingEmail(false);
    emailForm.form.reset({ email: '', currentPassword: '' });
    emailForm.setNotice(null);
  }

  return (
    <OwnerScreen
      title="Confirmez votre adresse e-mail"
      intro={`Étape 2 sur 3 : saisissez le code à 6 chiffres envoyé à ${owner.email}.`}
    >
      <OwnerForm label="Confirmation de l’adresse e-mail" onSubmit={confirm}>
        <Box ref={codeNotice} aria-live="polite">
          <FormMessage message={notice} />
        </Box>
        <FormTextField
          control={codeForm.form.control}
          name="code"
          label="Code de confirmation"
          transform={codeDigits}
          helperText="Le code est valable 24 heures."
          autoComplete="one-time-code"
          slotProps={{
            htmlInput: { inputMode: 'numeric', style: { letterSpacing: 6, fontSize: 24 } },
          }}
          required
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={codeForm.form.formState.isSubmitting}
        >
          Confirmer
        </Button>
        <Typography color="text.secondary">Pas reçu ? Vérifiez vos courriers indésirables, ou :</Typography>
        <Button variant="outlined" onClick={() => void resend()} disabled={wait > 0}>
          {wait > 0 ? `Renvoyer un code (dans ${wait} s)` : 'Renvoyer un code'}
        </Button>
      </OwnerForm>

      <Box component="section" aria-labelledby="autre-adresse" sx={{ mt: 5 }}>
        <Typography id="autre-adresse" variant="h2" gutterBottom>
          Ce n’est pas la bonne adresse ?
        </Typography>
        {changingEmail ? (
          <OwnerForm label="Corriger l’adresse e-mail" onSubmit={changeEmail}>
            <FormTextField
              control={emailForm.form.control}
              name="email"
              label="Adresse e-mail correcte"
              type="email"
              // The message was about the address typed before.
              onTyped={() => emailForm.form.clearErrors('email')}
              helperText="Le code sera envoyé à cette adresse ; l’ancien ne vaudra plus."
              autoComplete="email"
              autoFocus
              required
            />
            <FormPasswordField
              control={emailForm.form.control}
              name="currentPassword"
              label="Mot de passe actuel"
              helperText="Demandé pour changer l’adresse de votre compte."
              autoComplete="current-password"
              required
            />
            {/* Beside the button that asked, where the owner looks (a phone's keyboard hides the field). */}
            <Box aria-live="polite">
              <FormMessage message={emailForm.notice} />
            </Box>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button
                type="submit"
                variant="contained"
                disabled={emailForm.form.formState.isSubmitting}
                sx={{ overflowWrap: 'anywhere', textTransform: 'none' }}
              >
                {typedEmail === '' ? 'Envoyer le code à cette adresse' : `Envoyer le code à ${typedEmail}`}
              </Button>
              <Button onClick={closeEmailForm}>Annuler</Button>
            </Box>
          </OwnerForm>
        ) : (
          <Button variant="text" onClick={() => setChangingEmail(true)}>
            Corriger l’adresse e-mail
          </Button>
        )}
      </Box>
    </OwnerScreen>
  );
}
