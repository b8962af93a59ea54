import Box from '@mui/material/Box';
import { ofNameParts } from '../../lib/name-after';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import Link from '@mui/material/Link';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ofName } from '@tables-voisines/contract/french-names';
import { PatchOwnerBodySchema, type PatchOwnerBody } from '@tables-voisines/contract/schemas/account';
import { ClaimCodeSchema, type Establishment } from '@tables-voisines/contract/schemas/establishment';
import { apiRequest, isApiError, type ApiResponse } from '../../lib/api-client';
import type { AccessRequest } from '@tables-voisines/contract/schemas/access';
import { AccessRequestForm, OpenAccessRequestNotice, useOpenAccessRequest } from './access-request';
import { formatFrenchDateTime } from '../../lib/format';
import { contractResolver } from './contract-resolver';
import { checkForm, formFailure } from './form-errors';
import { FormTextField } from './form-parts';
import type { TeamDetach } from './owner-loaders';
import { OWNER_PATHS } from './owner-paths';
import { useOwnerSession } from './owner-session';
import { FormMessage, OwnerForm, OwnerLoading, OwnerScreen, TextLink } from './owner-ui';
import { useOwnerForm } from './use-owner-form';

type Found = ApiResponse<'listEstablishments'>[number];
type Message = { text: string; severity: 'error' | 'success' | 'info' } | null;

/** The code alone, checked as the account's change will be (case, spaces and dashes do not count). */
const codeResolver = contractResolver((values: { establishmentCode: string }) =>
  checkForm(PatchOwnerBodySchema, { establishmentCode: values.establishmentCode }),
);

/** Which establishment a complete code opens, asked as the owner types it. */
function useCodeOwner(code: string) {
  const [found, setFound] = useState<{ name: string; town: string } | null | undefined>(undefined);
  useEffect(() => {
    const parsed = ClaimCodeSchema.safeParse(code);
    if (!parsed.success) {
      setFound(undefined);
      return;
    }
    const controller = new AbortController();
    apiRequest('ownerCheck', { body: { establishmentCode: parsed.data }, signal: controller.signal })
      .then((answer) => setFound(answer.establishment ?? null))
      .catch(() => setFound(undefined));
    return () => controller.abort();
  }, [code]);
  return found;
}

/**
 * One establishment found, and « Recevoir le code »: what the server answers (sent, already claimed, asked
 * too often and how long to wait) is said under the button that asked.
 */
function FoundEstablishment({
  establishment,
  token,
  pending,
  onRequested,
}: {
  establishment: Found;
  token: string;
  /** A request of the owner waits already: no other is offered. */
  pending: boolean;
  onRequested: (request: AccessRequest) => void;
}) {
  const [message, setMessage] = useState<Message>(null);
  const [sending, setSending] = useState(false);
  // The code cannot be mailed (no address is known for the page): the way in is to ask the team.
  const [canAsk, setCanAsk] = useState(false);
  const [asking, setAsking] = useState(false);
  const said = useRef<HTMLDivElement>(null);
  // Under a button low on a phone's screen: brought into view.
  useEffect(() => {
    if (message !== null) said.current?.scrollIntoView({ block: 'nearest' });
  }, [message]);

  async function mailCode() {
    setMessage(null);
    setSending(true);
    try {
      await apiRequest('ownerResendEstablishmentCode', { body: { establishmentId: establishment.id } });
      setMessage({
        text: `Le code ${ofName(establishment.name)} a été envoyé à l’adresse e-mail de l’établissement. Saisissez-le ci-dessus dès réception.`,
        severity: 'success',
      });
    } catch (error) {
      const noAddress = isApiError(error, 'NotFound');
      setCanAsk(noAddress);
      setMessage({
        text: noAddress
          ? 'Aucune adresse e-mail n’est connue pour cet établissement : demandez l’accès à l’équipe, qui vérifiera que vous le gérez.'
          : (formFailure(error).message ?? 'L’envoi a échoué.'),
        // Asked again too soon: the code is on its way, nothing went wrong.
        severity: isApiError(error, 'RateLimited') || noAddress ? 'info' : 'error',
      });
    } finally {
      setSending(false);
    }
  }

  return (
    <Box component="li" sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider', display: 'grid', gap: 1 }}>
      <Box>
        <Typography sx={{ fontWeight: 600 }}>{establishment.name}</Typography>
        <Typography variant="body2" color="text.secondary">
          {[establishment.address.street, establishment.address.town].filter(Boolean).join(', ')}
        </Typography>
      </Box>
      <Box>
        <Button
          size="small"
          variant="outlined"
          disabled={sending}
          onClick={() => void mailCode()}
          aria-label={`Recevoir le code par e-mail : ${establishment.name}`}
        >
          Recevoir le code
        </Button>
      </Box>
      {/* Read out when it appears: the owner's eyes and focus are on the button. */}
      <Box ref={said} aria-live="polite">
        {message !== null && <FormMessage message={message.text} severity={message.severity} />}
      </Box>
      {canAsk && !pending && !asking && (
        <Box>
          <Button size="small" variant="contained" onClick={() => setAsking(true)}>
            Demander l’accès
          </Button>
        </Box>
      )}
      {canAsk && !pending && asking && (
        <AccessRequestForm establishment={establishment} token={token} onSent={onRequested} />
      )}
    </Box>
  );
}

export function ClaimPage({
  current,
  detached = null,
}: {
  current: Establishment | null;
  /** When the team last detached this owner from a page, if it did (it has none now). */
  detached?: TeamDetach | null;
}) {
  const { store, owner, token } = useOwnerSession();
  const navigate = useNavigate();
  const { form, notice, submit } = useOwnerForm<{ establishmentCode: string }, PatchOwnerBody>({
    defaultValues: { establishmentCode: '' },
    resolver: codeResolver,
  });
  const code = useWatch({ control: form.control, name: 'establishmentCode' });
  const [search, setSearch] = useState('');
  const [results, setResults] = useState<Found[] | null>(null);
  const [searchMessage, setSearchMessage] = useState<Message>(null);
  const codeOwner = useCodeOwner(code);
  const [openRequest, setOpenRequest] = useOpenAccessRequest(token);

  if (owner === null || token === null) return <OwnerLoading />;

  const claim = submit(
    async (body) => {
      const updated = await apiRequest('patchOwner', { token, params: { id: owner.id }, body });
      store?.updateAccount({ restaurantOwner: updated });
      void navigate(OWNER_PATHS.home);
    },
    { codes: { EstablishmentAlreadyClaimed: 'establishmentCode', NotFound: 'establishmentCode' } },
  );

  async function find() {
    setSearchMessage(null);
    if (search.trim().length < 2) {
      setSearchMessage({ text: 'Saisissez au moins 2 caractères du nom ou de la ville.', severity: 'info' });
      return;
    }
    try {
      const list = await apiRequest('listEstablishments', {
        query: { q: search.trim(), page: 1, perPage: 8 },
      });
      setResults(list);
    } catch (error) {
      setSearchMessage({ text: formFailure(error).message ?? 'La recherche a échoué.', severity: 'error' });
    }
  }

  return (
    <OwnerScreen
      title={owner.establishment === null ? 'Rattacher mon établissement' : 'Changer d’établissement'}
      intro={
        owner.establishment === null && detached !== null ? (
          <TeamDetachNotice detached={detached} />
        ) : owner.establishment === null ? (
          'Étape 3 sur 3 : saisissez le code de votre établissement (8 caractères) pour tenir sa page à jour.'
        ) : (
          <>
            Votre compte tient la page{' '}
            {current === null ? (
              <>
                de <strong>votre établissement</strong>
              </>
            ) : (
              <>
                {ofNameParts(current.name)[0]}
                <strong>{ofNameParts(current.name)[1]}</strong>
              </>
            )}
            {current && ` (${current.address.town})`}. Saisissez le code d’un autre établissement (8
            caractères) : il remplacera celui-ci, dont vous ne pourrez plus modifier la page.
          </>
        )
      }
    >
      {openRequest !== null && (
        <Box sx={{ mb: 3 }}>
          <OpenAccessRequestNotice request={openRequest} />
        </Box>
      )}
      <OwnerForm label="Code de l’établissement" onSubmit={claim}>
        <FormMessage message={notice} />
        <FormTextField
          control={form.control}
          name="establishmentCode"
          label="Code de l’établissement"
          // Shown as typed, halves apart if so; the contract's schema drops spaces and dashes. No maxLength:
          // it would cut a pasted code before that.
          transform={(text) => text.toUpperCase()}
          helperText={
            codeOwner === null
              ? 'Aucun établissement ne correspond à ce code.'
              : codeOwner !== undefined
                ? `Établissement : ${codeOwner.name} (${codeOwner.town})`
                : 'Par exemple : K7M2QX9P'
          }
          autoComplete="off"
          slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false } }}
          required
        />
        <Button type="submit" variant="contained" size="large" disabled={form.formState.isSubmitting}>
          Rattacher cet établissement
        </Button>
      </OwnerForm>

      <Box component="section" aria-labelledby="sans-code" sx={{ mt: 5 }}>
        <Typography id="sans-code" variant="h2" gutterBottom>
          Je n’ai pas le code
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Trouvez votre établissement : nous enverrons son code à l’adresse e-mail connue de l’établissement.
          S’il n’en a pas, vous pourrez demander l’accès à l’équipe, ou{' '}
          <TextLink to="/contact">nous contacter</TextLink>.
        </Typography>
        <OwnerForm label="Rechercher mon établissement" onSubmit={find}>
          <TextField
            label="Nom ou ville de l’établissement"
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          <Button type="submit" variant="outlined">
            Rechercher
          </Button>
          <FormMessage message={searchMessage?.text ?? null} severity={searchMessage?.severity} />
        </OwnerForm>
        {results !== null && results.length === 0 && (
          <Typography sx={{ mt: 2 }}>
            Aucun établissement trouvé : essayez une autre orthographe ou la ville seule.
          </Typography>
        )}
        {results !== null && results.length > 0 && (
          <Box
            component="ul"
            aria-label="Établissements trouvés"
            sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}
          >
            {results.map((e) => (
              <FoundEstablishment
                key={e.id}
                establishment={e}
                token={token}
                pending={openRequest !== null}
                onRequested={(request) => {
                  setOpenRequest(request);
                  window.scrollTo?.({ top: 0, behavior: 'smooth' });
                }}
              />
            ))}
          </Box>
        )}
      </Box>
    </OwnerScreen>
  );
}

/** What happened to an owner the team detached: when, from which page, and what it can do. */
export function teamDetachText(detached: TeamDetach): { what: string; next: string } {
  const page = detached.name === null ? 'de votre établissement' : ofName(detached.name);
  const when = formatFrenchDateTime(detached.at);
  return detached.pageDeleted
    ? {
        what: `L’équipe a supprimé la page ${page} le ${when} : votre compte n’est plus rattaché à aucun établissement.`,
        next: 'Pour toute question, écrivez à l’équipe. Vous pouvez aussi rattacher un autre établissement avec son code ci-dessous.',
      }
    : {
        what: `L’équipe a détaché votre compte de la page ${page} le ${when} : vous ne pouvez plus la modifier.`,
        next: 'Si vous pensez qu’il s’agit d’une erreur, écrivez à l’équipe. Vous pouvez aussi rattacher un autre établissement avec son code ci-dessous.',
      };
}

function TeamDetachNotice({ detached }: { detached: TeamDetach }) {
  const { what, next } = teamDetachText(detached);
  // The screen's intro is a paragraph: what happened, what to do, and where to write.
  return (
    <span data-testid="team-detach">
      <strong>{what}</strong> {next}{' '}
      <Link component={RouterLink} to="/contact" reloadDocument underline="always">
        Nous contacter
      </Link>
    </span>
  );
}
