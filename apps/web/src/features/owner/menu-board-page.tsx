import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EventIcon from '@mui/icons-material/Event';
import HistoryIcon from '@mui/icons-material/History';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import type { Establishment } from '@tables-voisines/contract/schemas/establishment';
import type { CreateMenuBoardBody, MenuBoard } from '@tables-voisines/contract/schemas/menu-board';
import { establishmentPath } from '@tables-voisines/contract/site-paths';
import { apiRequest, isApiError } from '../../lib/api-client';
import { formatFrenchDay } from '../../lib/format';
import { messageAt } from './contract-resolver';
import { Dish } from './dish-editor';
import { useDishMemory } from './dish-memory';
import { formFailure } from './form-errors';
import { recentFormulas, rememberFormulas } from './formula-memory';
import { FormulasEditor } from './formulas-editor';
import {
  FormTextField,
  OwnerFormMessage,
  PublishBar,
  showPublishFailure,
  useFocusFirstError,
  useOwnerFormNotice,
} from './form-parts';
import { HiddenPageNotice } from './hidden-page-notice';
import { LoadedScreen } from './loaded-screen';
import {
  blankDish,
  boardSnapshot,
  formulaRowOf,
  menuBoardFormValues,
  menuBoardResolver,
  rowFromItem,
  toMenuBoardBody,
  toRowPath,
  typedDishes,
  type FormulaRow,
  type MenuBoardFormValues,
  type MenuBoardRow,
} from './menu-board-form';
import { dishesToConfirm, pricesQuestion } from '../dishes/dish-words';
import { followersToldText, useFollowersCount } from './followers';
import { fetchTodayMenuBoard, keepEtag, writeConditions, type TodayMenuBoard } from './owner-data';
import { TOMORROW_PARAM, type MenuBoardScreenData } from './owner-loaders';
import { OwnerForm } from './owner-ui';
import { UnsavedChangesGuard } from './unsaved-changes-guard';
import { ShareBoard } from './share-board';
import { addDays } from '@tables-voisines/contract/paris-time';

const TO_COMPLETE = 'Certains plats sont à compléter.';
const PUBLISHED = 'Ardoise publiée : elle est en ligne sur votre page.';
const PREPARED = 'Ardoise de demain enregistrée : elle sera en ligne sur votre page à partir de demain.';
const ALREADY_RETIRED = 'Cette ardoise a déjà été retirée, depuis un autre onglet ou par l’équipe.';

/** Asks before today's board goes: it leaves the page and the map at once. */
function RetireDialog({
  day,
  open,
  busy,
  onKeep,
  onRetire,
}: {
  /** « d’aujourd’hui » or « de demain ». */
  day: string;
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
      <DialogTitle id="retirer-ardoise-titre">Retirer l’ardoise {day}&nbsp;?</DialogTitle>
      <DialogContent>
        <DialogContentText id="retirer-ardoise-texte">
          {day === 'de demain'
            ? 'Elle ne sera pas publiée demain. Vous pourrez en préparer une autre ensuite.'
            : 'Elle disparaîtra aussitôt de votre page et de la carte. Vous pourrez en publier une autre ensuite.'}
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

/** A question before the form goes on: the safe answer first, with the focus (Enter or Escape keeps). */
function AskDialog({
  id,
  question,
  title,
  keep,
  go,
  onKeep,
  onGo,
}: {
  id: string;
  /** `null`: closed. */
  question: string | null;
  title: string;
  keep: string;
  go: string;
  onKeep: () => void;
  onGo: () => void;
}) {
  return (
    <Dialog
      open={question !== null}
      onClose={onKeep}
      role="alertdialog"
      aria-labelledby={`${id}-titre`}
      aria-describedby={`${id}-texte`}
    >
      <DialogTitle id={`${id}-titre`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-texte`}>{question}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onKeep} variant="contained" autoFocus>
          {keep}
        </Button>
        {/* In a portal, out of the owners' frame that darkens its text buttons: the darker orange reads at AA. */}
        <Button onClick={onGo} sx={{ color: 'primary.dark' }}>
          {go}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** « 4 plats et 1 formule repris » */
export function copiedText(dishes: number, formulas: number, dayBefore: string): string {
  const these = dishes === 1 ? '1 plat' : `${dishes} plats`;
  const andFormulas = formulas === 0 ? '' : formulas === 1 ? ' et 1 formule' : ` et ${formulas} formules`;
  return `${these}${andFormulas} repris de l’ardoise ${dayBefore} : vérifiez-les, puis publiez.`;
}

/**
 * « Remplacer les 2 plats déjà saisis par les 4 d’aujourd’hui ? », and the formules typed when the day before
 * has some (which replace them): « Remplacer la formule déjà saisie par celle d’hier ? ».
 */
export function replaceQuestion(
  typed: number,
  copied: number,
  dayBefore: string,
  formulas: { typed: number; copied: number } = { typed: 0, copied: 0 },
): string {
  const formulasReplaced = formulas.typed > 0 && formulas.copied > 0;
  if (typed === 0 && formulasReplaced) {
    const these =
      formulas.typed === 1 ? 'la formule déjà saisie' : `les ${formulas.typed} formules déjà saisies`;
    const those = formulas.copied === 1 ? `celle ${dayBefore}` : `les ${formulas.copied} ${dayBefore}`;
    return `Remplacer ${these} par ${those}\u00a0?`;
  }
  const these = typed === 1 ? 'le plat déjà saisi' : `les ${typed} plats déjà saisis`;
  const those = copied === 1 ? `celui ${dayBefore}` : `les ${copied} ${dayBefore}`;
  const andFormulas = formulasReplaced
    ? ` Vos formules seront remplacées par celles ${dayBefore} aussi.`
    : '';
  return `Remplacer ${these} par ${those}\u00a0?${andFormulas}`;
}

function MenuBoardForm({
  establishment,
  date,
  tomorrow,
  today,
  token,
  reloaded,
}: {
  establishment: Establishment;
  /** The day of the board, in Paris. */
  date: string;
  /** Whether `date` is tomorrow: the board is prepared, and shown from tomorrow on. */
  tomorrow: boolean;
  today: TodayMenuBoard | null;
  token: string;
  /** Drawn from a new reading (« Recharger »): said over the form. */
  reloaded: boolean;
}) {
  // Today's board as loaded or last published, and its version: a correction replaces it, and is refused if
  // someone else changed it meanwhile; `null` while there is none.
  const [current, setCurrent] = useState<{ board: MenuBoard; etag: string | null } | null>(
    today === null ? null : { board: today.value, etag: today.etag },
  );
  const day = tomorrow ? 'de demain' : 'd’aujourd’hui';
  const dayBefore = tomorrow ? 'd’aujourd’hui' : 'd’hier';
  const emptyBoard = useMemo(() => menuBoardFormValues(null, `Ardoise du ${formatFrenchDay(date)}`), [date]);
  const [defaultValues] = useState(() => (today === null ? emptyBoard : menuBoardFormValues(today, '')));
  const form = useForm<MenuBoardFormValues, unknown, CreateMenuBoardBody>({
    defaultValues,
    resolver: useMemo(() => menuBoardResolver(establishment.id, date), [establishment.id, date]),
    shouldFocusError: false,
  });
  const { control, handleSubmit, setError, reset, getValues, setValue, setFocus, subscribe } = form;
  const { isSubmitting } = form.formState;
  const { fields, append, remove, replace } = useFieldArray({ control, name: 'items' });
  const formulas = useFieldArray({ control, name: 'formulas' });
  // The formules published last, read from this browser once drawn (the server's drawing has none).
  const [remembered, setRemembered] = useState<ReturnType<typeof recentFormulas>>([]);
  useEffect(() => setRemembered(recentFormulas(establishment.id)), [establishment.id]);
  const memory = useDishMemory(establishment.id, token);
  // What « Reprendre l’ardoise d’hier » found, said beside it.
  const [copied, setCopied] = useState<{ text: string; severity: 'info' | 'success' | 'error' } | null>(null);
  const [copying, setCopying] = useState(false);
  // The day before's dishes (and formules) waiting for the owner to say they replace the ones typed.
  const [replacing, setReplacing] = useState<{
    rows: MenuBoardRow[];
    formulas: FormulaRow[];
    question: string;
    /** « Garder mes plats », or « Garder mes formules » when only formules were typed. */
    keep: string;
  } | null>(null);
  // A board whose prices look like a slip (over 100 €), waiting for the owner's word.
  const [pricey, setPricey] = useState<{ body: CreateMenuBoardBody; question: string } | null>(null);
  const values = useWatch({ control }) as MenuBoardFormValues;
  // What is online: leaving with other dishes asks first.
  const [published, setPublished] = useState(() => boardSnapshot(defaultValues));
  const unpublished = boardSnapshot(values) !== published;
  const [notice, setNotice] = useOwnerFormNotice(subscribe, reloaded);
  const [asking, setAsking] = useState(false);
  const [retiring, setRetiring] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(formRef);
  const publicPath = establishment.disabled ? null : establishmentPath(establishment.kind, establishment.uri);
  const followers = useFollowersCount(token, establishment.id);
  // A board taken down here and published again the same day notifies no one a second time (one message
  // per follower, place and day): then its publication says nothing of them.
  const retiredHere = useRef(false);

  const publish = handleSubmit(
    async (body) => {
      const dishes = dishesToConfirm(body.items);
      if (dishes.length > 0) setPricey({ body, question: pricesQuestion(dishes) });
      else await send(body);
    },
    (errors) => {
      setNotice({ text: messageAt(errors, 'items') ?? TO_COMPLETE, severity: 'error' });
      focusFirstError();
    },
  );

  /** Publishes the board as checked (and, for its prices, answered). */
  async function send(body: CreateMenuBoardBody) {
    const read = { etag: null as string | null };
    try {
      const board = await apiRequest('createMenuBoard', {
        token,
        body,
        // The day's board is replaced only as it was loaded; none loaded: none may have appeared since.
        headers: writeConditions(current?.etag ?? null, current !== null),
        onResponse: keepEtag(read),
      });
      // The day's first board tells its followers (a correction does not): how many, when there are some.
      const told =
        current === null && !retiredHere.current && followers !== undefined
          ? followersToldText(followers, tomorrow ? date : null)
          : null;
      setCurrent({ board, etag: read.etag });
      setPublished(boardSnapshot(getValues()));
      const done = tomorrow ? PREPARED : PUBLISHED;
      setNotice({ text: told === null ? done : `${done} ${told}`, severity: 'success' });
      memory.refresh();
      rememberFormulas(establishment.id, body.formulas ?? []);
      setRemembered(recentFormulas(establishment.id));
    } catch (error) {
      // Stale: someone else changed, published or took down today's board meanwhile.
      const { rowOfItem } = toMenuBoardBody(establishment.id, date, getValues());
      showPublishFailure(error, {
        setNotice,
        setError,
        fieldOf: (path) => toRowPath(path, rowOfItem),
        fallback: 'Certains plats sont à corriger.',
        focusFirstError,
      });
    }
  }

  /** « Corriger le prix »: the first price asked about gets the focus. */
  function correctPrice() {
    if (pricey === null) return;
    const { rowOfItem } = toMenuBoardBody(establishment.id, date, getValues());
    const first = pricey.body.items.findIndex((item) => dishesToConfirm([item]).length > 0);
    setPricey(null);
    const row = rowOfItem[first];
    if (row !== undefined) setTimeout(() => form.setFocus(`items.${row}.price`), 0);
  }

  /** The day before's dishes into the form, in place of the ones typed once the owner said so. */
  async function copyDayBefore() {
    setCopying(true);
    setCopied(null);
    try {
      const board = await fetchTodayMenuBoard(token, establishment.id, undefined, addDays(date, -1));
      if (board === null) {
        setCopied({ text: `Pas d’ardoise ${dayBefore} : il n’y a rien à reprendre.`, severity: 'info' });
        return;
      }
      const rows = board.value.items.map((item) => rowFromItem(item, board.categories));
      const copiedFormulas = (board.value.formulas ?? []).map(formulaRowOf);
      const typed = typedDishes(getValues('items')).length;
      const formulasTyped = getValues('formulas').length;
      // Dishes or formules already there are replaced, once the owner said so; none: the day before's are
      // copied (a day before without formules leaves the formules typed).
      if (typed > 0 || (formulasTyped > 0 && copiedFormulas.length > 0)) {
        setReplacing({
          rows,
          formulas: copiedFormulas,
          question: replaceQuestion(typed, rows.length, dayBefore, {
            typed: formulasTyped,
            copied: copiedFormulas.length,
          }),
          keep: typed > 0 ? 'Garder mes plats' : 'Garder mes formules',
        });
      } else putCopied(rows, copiedFormulas);
    } catch {
      setCopied({
        text: `L’ardoise ${dayBefore} n’a pas pu être lue. Veuillez réessayer.`,
        severity: 'error',
      });
    } finally {
      setCopying(false);
    }
  }

  /**
   * The day before's dishes in place of the form's, an empty row after them, and its formules in place of
   * the form's (a day before without formules leaves those typed).
   */
  function putCopied(rows: MenuBoardRow[], copiedFormulas: FormulaRow[]) {
    replace([...rows, blankDish()]);
    if (copiedFormulas.length > 0) formulas.replace(copiedFormulas);
    setCopied({ text: copiedText(rows.length, copiedFormulas.length, dayBefore), severity: 'success' });
  }

  async function retire() {
    if (current === null) return;
    setRetiring(true);
    try {
      await apiRequest('deleteMenuBoard', {
        token,
        params: { id: current.board.id },
        headers: writeConditions(current.etag),
      });
      setCurrent(null);
      retiredHere.current = true;
      reset(emptyBoard);
      setPublished(boardSnapshot(emptyBoard));
      setNotice({
        text: tomorrow
          ? 'Ardoise de demain retirée : elle ne sera pas publiée.'
          : 'Ardoise retirée : elle n’est plus sur votre page ni sur la carte.',
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
      {tomorrow && (
        <Alert severity="info" sx={{ mb: 2 }}>
          Ardoise de demain, {formatFrenchDay(date)} : les visiteurs la verront à partir de demain seulement,
          dès minuit. Jusque-là, votre page garde celle d’aujourd’hui, s’il y en a une.
        </Alert>
      )}
      <Typography sx={{ mb: 2 }} role="status">
        {tomorrow
          ? current !== null
            ? 'Votre ardoise de demain est déjà prête : corrigez-la ci-dessous.'
            : 'Pas encore d’ardoise pour demain : remplissez vos plats ci-dessous pour la préparer.'
          : current !== null
            ? 'Votre ardoise d’aujourd’hui est déjà publiée : corrigez-la ci-dessous.'
            : 'Pas d’ardoise en ligne aujourd’hui : remplissez vos plats ci-dessous pour en publier une.'}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        <Button
          variant="outlined"
          startIcon={<HistoryIcon />}
          onClick={() => void copyDayBefore()}
          disabled={copying}
        >
          Reprendre l’ardoise {dayBefore}
        </Button>
        {tomorrow ? (
          <Button component={RouterLink} to="." variant="text">
            Revenir à l’ardoise d’aujourd’hui
          </Button>
        ) : (
          <Button
            component={RouterLink}
            to={`?${TOMORROW_PARAM.name}=${TOMORROW_PARAM.value}`}
            variant="outlined"
            startIcon={<EventIcon />}
          >
            Préparer celle de demain
          </Button>
        )}
      </Box>
      {/* Said where the owner clicked; the message region is always there, for screen readers. */}
      <Box role="status" sx={{ mb: copied === null ? 0 : 2 }}>
        {copied !== null && <Alert severity={copied.severity}>{copied.text}</Alert>}
      </Box>
      <OwnerForm ref={formRef} label="Ardoise du jour" onSubmit={publish}>
        <UnsavedChangesGuard when={unpublished} />
        <FormTextField control={control} name="title" label="Titre de l’ardoise" required />
        <FormulasEditor
          control={control}
          formulas={formulas}
          values={values.formulas ?? []}
          remembered={remembered}
          setFocus={setFocus}
        />
        <Typography variant="h2">Plats</Typography>
        {fields.map((field, index) => (
          <Dish
            key={field.id}
            control={control}
            index={index}
            memory={memory}
            setValue={setValue}
            getValues={getValues}
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
              {notice !== null &&
                'text' in notice &&
                notice.text.startsWith(PUBLISHED) &&
                publicPath !== null && (
                  <Typography>
                    <Link href={publicPath}>Voir l’ardoise sur ma page</Link>
                  </Typography>
                )}
            </>
          }
        >
          <Button type="submit" variant="contained" size="large" fullWidth disabled={isSubmitting}>
            {tomorrow ? 'Enregistrer l’ardoise de demain' : 'Publier l’ardoise'}
          </Button>
        </PublishBar>
      </OwnerForm>
      {/* The board online as shown: its picture to share or print (not a board of tomorrow, not yet shown). */}
      {current !== null && !tomorrow && !establishment.disabled && !unpublished && (
        <ShareBoard establishment={establishment} date={date} version={current.etag} />
      )}
      {current !== null && (
        <Box component="section" aria-labelledby="retirer-ardoise" sx={{ mt: 4, display: 'grid', gap: 1 }}>
          <Typography id="retirer-ardoise" variant="h2">
            {tomorrow ? 'Finalement, pas d’ardoise demain\u00a0?' : 'Plus rien à servir aujourd’hui\u00a0?'}
          </Typography>
          <Typography color="text.secondary">
            {tomorrow
              ? 'Retirez l’ardoise de demain : elle ne sera pas publiée.'
              : 'Retirez l’ardoise d’aujourd’hui : elle disparaît de votre page et de la carte.'}
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
      <AskDialog
        id="reprendre-ardoise"
        question={replacing?.question ?? null}
        title={`Reprendre l’ardoise ${dayBefore}\u00a0?`}
        keep={replacing?.keep ?? 'Garder mes plats'}
        go="Remplacer"
        onKeep={() => setReplacing(null)}
        onGo={() => {
          if (replacing !== null) putCopied(replacing.rows, replacing.formulas);
          setReplacing(null);
        }}
      />
      <AskDialog
        id="verifier-prix"
        question={pricey?.question ?? null}
        title="Un prix à vérifier"
        keep="Corriger le prix"
        go={tomorrow ? 'Enregistrer quand même' : 'Publier quand même'}
        onKeep={correctPrice}
        onGo={() => {
          const body = pricey?.body;
          setPricey(null);
          if (body !== undefined) void send(body);
        }}
      />
      <RetireDialog
        day={day}
        open={asking}
        busy={retiring}
        onKeep={() => setAsking(false)}
        onRetire={() => void retire()}
      />
    </>
  );
}

export function MenuBoardPage({ loaded }: { loaded: MenuBoardScreenData }) {
  return (
    <LoadedScreen
      loaded={loaded}
      title="Ardoise du jour"
      // "de" before a name would need elision or contraction ("de Au 52"): the name stands on its own.
      intro={({ establishment }) =>
        `Établissement : ${establishment.name}. Vos plats du jour sont visibles sur votre page et sur la carte dès la publication. Les lignes laissées vides sont ignorées.`
      }
    >
      {(data, token, readAt, reloaded) => (
        <>
          <HiddenPageNotice establishment={data.establishment} />
          {/* A new reading (« Recharger ») starts the form again from it. */}
          <MenuBoardForm key={readAt} {...data} token={token} reloaded={reloaded} />
        </>
      )}
    </LoadedScreen>
  );
}
