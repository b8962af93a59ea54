import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useMemo, useRef, useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type Control, type Path } from 'react-hook-form';
import type { Establishment } from '@tables-voisines/contract/schemas/establishment';
import {
  MAX_DISH_NAME_LENGTH,
  type CreateMenuBoardBody,
  type MenuBoard,
} from '@tables-voisines/contract/schemas/menu-board';
import { establishmentPath } from '@tables-voisines/contract/site-paths';
import { apiRequest, isApiError } from '../../lib/api-client';
import { createMenuBoardRoute, deleteMenuBoardRoute } from '../../lib/api-routes';
import { formatFrenchDay } from '../../lib/format';
import { CategoryPicker } from './category-picker';
import { messageAt } from './contract-resolver';
import { formFailure } from './form-errors';
import {
  FormTextField,
  LoadFailure,
  OwnerFormMessage,
  PublishBar,
  useFocusFirstError,
  useOwnerFormNotice,
} from './form-parts';
import { HiddenPageNotice } from './hidden-page-notice';
import {
  blankDish,
  boardSnapshot,
  menuBoardFormValues,
  menuBoardResolver,
  toMenuBoardBody,
  toRowPath,
  type MenuBoardFormValues,
} from './menu-board-form';
import { keepEtag, writeConditions, type TodayMenuBoard } from './owner-data';
import type { MenuBoardScreenData } from './owner-loaders';
import { useOwnerSession } from './owner-session';
import { OwnerForm, OwnerLoading, OwnerScreen } from './owner-ui';
import { parisDay } from './paris-day';
import { UnsavedChangesGuard } from './unsaved-changes-guard';

const TO_COMPLETE = 'Certains plats sont à compléter.';
const PUBLISHED = 'Ardoise publiée : elle est en ligne sur votre page.';
const ALREADY_RETIRED = 'Cette ardoise a déjà été retirée, depuis un autre onglet ou par l’équipe.';

function Dish({
  control,
  index,
  onRemove,
}: {
  control: Control<MenuBoardFormValues, unknown, CreateMenuBoardBody>;
  index: number;
  /** `null` when it is the only row. */
  onRemove: (() => void) | null;
}) {
  const n = index + 1;
  return (
    <Box
      component="fieldset"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2, m: 0, display: 'grid', gap: 1.5 }}
    >
      <Box component="legend" sx={{ px: 0.5, fontWeight: 600 }}>
        Plat {n}
      </Box>
      <FormTextField
        control={control}
        name={`items.${index}.name`}
        label="Nom du plat"
        slotProps={{ htmlInput: { maxLength: MAX_DISH_NAME_LENGTH } }}
      />
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '140px 1fr' } }}>
        <FormTextField
          control={control}
          name={`items.${index}.price`}
          label="Prix (€)"
          placeholder="12,50"
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <Controller
          control={control}
          name={`items.${index}.category`}
          render={({ field, fieldState }) => (
            <CategoryPicker
              label="Catégorie"
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
            />
          )}
        />
      </Box>
      {onRemove !== null && (
        <Box>
          <IconButton aria-label={`Retirer le plat ${n}`} onClick={onRemove}>
            <DeleteOutlineIcon />
          </IconButton>
        </Box>
      )}
    </Box>
  );
}

/** Asks before today's board goes: it leaves the page and the map at once. */
function RetireDialog({
  open,
  busy,
  onKeep,
  onRetire,
}: {
  open: boolean;
  busy: boolean;
  onKeep: () => void;
  onRetire: () => void;
}) {
  return (
    <Dialog
      open={open}
      onClose={onKeep}
      role="alertdialog"
      aria-labelledby="retirer-ardoise-titre"
      aria-describedby="retirer-ardoise-texte"
    >
      <DialogTitle id="retirer-ardoise-titre">Retirer l’ardoise d’aujourd’hui&nbsp;?</DialogTitle>
      <DialogContent>
        <DialogContentText id="retirer-ardoise-texte">
          Elle disparaîtra aussitôt de votre page et de la carte. Vous pourrez en publier une autre ensuite.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        {/* The safe answer has the focus: Enter or Escape keeps the board. */}
        <Button onClick={onKeep} variant="contained" autoFocus>
          Garder l’ardoise
        </Button>
        <Button onClick={onRetire} color="error" disabled={busy}>
          Retirer l’ardoise
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function MenuBoardForm({
  establishment,
  today,
  token,
}: {
  establishment: Establishment;
  today: TodayMenuBoard | null;
  token: string;
}) {
  // Today's board as loaded or last published, and its version: a correction replaces it, and is refused if
  // someone else changed it meanwhile; `null` while there is none.
  const [current, setCurrent] = useState<{ board: MenuBoard; etag: string | null } | null>(
    today === null ? null : { board: today.value, etag: today.etag },
  );
  const [date] = useState(() => today?.value.date ?? parisDay(new Date()));
  const emptyBoard = useMemo(() => menuBoardFormValues(null, `Ardoise du ${formatFrenchDay(date)}`), [date]);
  const [defaultValues] = useState(() => (today === null ? emptyBoard : menuBoardFormValues(today, '')));
  const form = useForm<MenuBoardFormValues, unknown, CreateMenuBoardBody>({
    defaultValues,
    resolver: useMemo(() => menuBoardResolver(establishment.id, date), [establishment.id, date]),
    shouldFocusError: false,
  });
  const { control, handleSubmit, setError, reset, getValues, subscribe } = form;
  const { isSubmitting } = form.formState;
  const { fields, append, remove } = useFieldArray({ control, name: 'items' });
  const values = useWatch({ control }) as MenuBoardFormValues;
  // What is online: leaving with other dishes asks first.
  const [published, setPublished] = useState(() => boardSnapshot(defaultValues));
  const unpublished = boardSnapshot(values) !== published;
  const [notice, setNotice] = useOwnerFormNotice(subscribe);
  const [asking, setAsking] = useState(false);
  const [retiring, setRetiring] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(formRef);
  const publicPath = establishment.disabled ? null : establishmentPath(establishment.kind, establishment.uri);

  const publish = handleSubmit(
    async (body) => {
      const read = { etag: null as string | null };
      try {
        const board = await apiRequest(createMenuBoardRoute, {
          token,
          body,
          // The day's board is replaced only as it was loaded; none loaded: none may have appeared since.
          headers: writeConditions(current?.etag ?? null, current !== null),
          onResponse: keepEtag(read),
        });
        setCurrent({ board, etag: read.etag });
        setPublished(boardSnapshot(getValues()));
        setNotice({ text: PUBLISHED, severity: 'success' });
      } catch (error) {
        // Someone else changed, published or took down today's board meanwhile.
        if (isApiError(error, 'PreconditionFailed')) {
          setNotice({ stale: error.message });
          return;
        }
        const failure = formFailure(error);
        const { rowOfItem } = toMenuBoardBody(establishment.id, date, getValues());
        for (const [path, message] of Object.entries(failure.fields)) {
          setError(toRowPath(path, rowOfItem) as Path<MenuBoardFormValues>, { type: 'server', message });
        }
        setNotice({ text: failure.message ?? 'Certains plats sont à corriger.', severity: 'error' });
        focusFirstError();
      }
    },
    (errors) => {
      setNotice({ text: messageAt(errors, 'items') ?? TO_COMPLETE, severity: 'error' });
      focusFirstError();
    },
  );

  async function retire() {
    if (current === null) return;
    setRetiring(true);
    try {
      await apiRequest(deleteMenuBoardRoute, {
        token,
        params: { id: current.board.id },
        headers: writeConditions(current.etag),
      });
      setCurrent(null);
      reset(emptyBoard);
      setPublished(boardSnapshot(emptyBoard));
      setNotice({
        text: 'Ardoise retirée : elle n’est plus sur votre page ni sur la carte.',
        severity: 'success',
      });
    } catch (error) {
      // Changed or already taken down by someone else: said, with « Recharger ».
      setNotice(
        isApiError(error, 'PreconditionFailed')
          ? { stale: error.message }
          : isApiError(error, 'NotFound')
            ? { stale: ALREADY_RETIRED }
            : { text: formFailure(error).message ?? 'L’ardoise n’a pas pu être retirée.', severity: 'error' },
      );
    } finally {
      setRetiring(false);
      setAsking(false);
    }
  }

  return (
    <>
      <Typography sx={{ mb: 2 }} role="status">
        {current !== null
          ? 'Votre ardoise d’aujourd’hui est déjà publiée : corrigez-la ci-dessous.'
          : 'Pas d’ardoise en ligne aujourd’hui : remplissez vos plats ci-dessous pour en publier une.'}
      </Typography>
      <OwnerForm ref={formRef} label="Ardoise du jour" onSubmit={publish}>
        <UnsavedChangesGuard when={unpublished} />
        <FormTextField control={control} name="title" label="Titre de l’ardoise" required />
        {fields.map((field, index) => (
          <Dish
            key={field.id}
            control={control}
            index={index}
            onRemove={fields.length > 1 ? () => remove(index) : null}
          />
        ))}
        <Button variant="outlined" startIcon={<AddIcon />} onClick={() => append(blankDish())}>
          Ajouter un plat
        </Button>
        <PublishBar
          notice={
            <>
              <OwnerFormMessage notice={notice} />
              {notice !== null && 'text' in notice && notice.text === PUBLISHED && publicPath !== null && (
                <Typography>
                  <Link href={publicPath}>Voir l’ardoise sur ma page</Link>
                </Typography>
              )}
            </>
          }
        >
          <Button type="submit" variant="contained" size="large" fullWidth disabled={isSubmitting}>
            Publier l’ardoise
          </Button>
        </PublishBar>
      </OwnerForm>
      {current !== null && (
        <Box component="section" aria-labelledby="retirer-ardoise" sx={{ mt: 4, display: 'grid', gap: 1 }}>
          <Typography id="retirer-ardoise" variant="h2">
            Plus rien à servir aujourd’hui&nbsp;?
          </Typography>
          <Typography color="text.secondary">
            Retirez l’ardoise d’aujourd’hui : elle disparaît de votre page et de la carte.
          </Typography>
          <Box>
            <Button
              variant="outlined"
              color="error"
              startIcon={<DeleteOutlineIcon />}
              onClick={() => setAsking(true)}
            >
              Retirer l’ardoise
            </Button>
          </Box>
        </Box>
      )}
      <RetireDialog
        open={asking}
        busy={retiring}
        onKeep={() => setAsking(false)}
        onRetire={() => void retire()}
      />
    </>
  );
}

export function MenuBoardPage({ loaded }: { loaded: MenuBoardScreenData }) {
  const { token } = useOwnerSession();
  if (!loaded.ok) {
    return (
      <OwnerScreen title="Ardoise du jour">
        <LoadFailure message={loaded.message} />
      </OwnerScreen>
    );
  }
  if (token === null) return <OwnerLoading />;
  const { establishment, today } = loaded.data;
  return (
    <OwnerScreen
      title="Ardoise du jour"
      // "de" before a name would need elision or contraction ("de Au 52"): the name stands on its own.
      intro={`Établissement : ${establishment.name}. Vos plats du jour sont visibles sur votre page et sur la carte dès la publication. Les lignes laissées vides sont ignorées.`}
    >
      <HiddenPageNotice establishment={establishment} />
      {/* A new reading (« Recharger ») starts the form again from it. */}
      <MenuBoardForm key={loaded.readAt} establishment={establishment} today={today} token={token} />
    </OwnerScreen>
  );
}
