import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { PatchOwnerBodySchema, type PatchOwnerBody } from '@tables-voisines/contract/schemas/account';
import { ClaimCodeSchema, type Establishment } from '@tables-voisines/contract/schemas/establishment';
import { apiRequest, type ApiResponse } from '../../lib/api-client';
import {
  listEstablishmentsRoute,
  ownerCheckRoute,
  ownerResendEstablishmentCodeRoute,
  patchOwnerRoute,
} from '../../lib/api-routes';
import { contractResolver } from './contract-resolver';
import { checkForm, formFailure } from './form-errors';
import { FormTextField } from './form-parts';
import { OWNER_PATHS } from './owner-paths';
import { useOwnerSession } from './owner-session';
import { FormMessage, OwnerForm, OwnerLoading, OwnerScreen } from './owner-ui';
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
    apiRequest(ownerCheckRoute, { body: { establishmentCode: parsed.data }, signal: controller.signal })
      .then((answer) => setFound(answer.establishment ?? null))
      .catch(() => setFound(undefined));
    return () => controller.abort();
  }, [code]);
  return found;
}

export function ClaimPage({ current }: { current: Establishment | null }) {
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

  if (owner === null || token === null) return <OwnerLoading />;

  const claim = submit(
    async (body) => {
      const updated = await apiRequest(patchOwnerRoute, { token, params: { id: owner.id }, body });
      store?.updateAccount({ restaurantOwner: updated });
      void navigate(OWNER_PATHS.home);
    },
    { codes: { EstablishmentAlreadyClaimed: 'establishmentCode', NotFound: 'establishmentCode' } },
  );

  async function mailCode(establishment: Found) {
    setSearchMessage(null);
    try {
      await apiRequest(ownerResendEstablishmentCodeRoute, { body: { establishmentId: establishment.id } });
      setSearchMessage({
        text: `Le code de « ${establishment.name} » a été envoyé à l’adresse e-mail de l’établissement. Saisissez-le ci-dessus dès réception.`,
        severity: 'success',
      });
    } catch (error) {
      setSearchMessage({ text: formFailure(error).message ?? 'L’envoi a échoué.', severity: 'error' });
    }
  }

  async function find() {
    setSearchMessage(null);
    if (search.trim().length < 2) {
      setSearchMessage({ text: 'Saisissez au moins 2 caractères du nom ou de la ville.', severity: 'info' });
      return;
    }
    try {
      const list = await apiRequest(listEstablishmentsRoute, {
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
        owner.establishment === null ? (
          'Étape 3 sur 3 : saisissez le code de votre établissement (8 caractères) pour tenir sa page à jour.'
        ) : (
          <>
            Votre compte tient la page de <strong>{current?.name ?? 'votre établissement'}</strong>
            {current && ` (${current.address.town})`}. Saisissez le code d’un autre établissement (8
            caractères) : il remplacera celui-ci, dont vous ne pourrez plus modifier la page.
          </>
        )
      }
    >
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
          <List aria-label="Établissements trouvés">
            {results.map((e) => (
              <ListItem
                key={e.id}
                divider
                secondaryAction={
                  <Button
                    size="small"
                    onClick={() => void mailCode(e)}
                    aria-label={`Recevoir le code par e-mail : ${e.name}`}
                  >
                    Recevoir le code
                  </Button>
                }
              >
                <ListItemText
                  primary={e.name}
                  secondary={[e.address.street, e.address.town].filter(Boolean).join(', ')}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Box>
    </OwnerScreen>
  );
}
