import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import type { Category } from '@tables-voisines/contract/schemas/category';
import type { Establishment } from '@tables-voisines/contract/schemas/establishment';
import { MAX_DISH_NAME_LENGTH } from '@tables-voisines/contract/schemas/menu-board';
import { establishmentPath } from '@tables-voisines/contract/site-paths';
import { apiRequest } from '../../lib/api-client';
import { createMenuBoardRoute, patchMenuBoardRoute } from '../../lib/api-routes';
import { formatFrenchDay } from '../../lib/format';
import { CategoryPicker } from './category-picker';
import type { FieldErrors } from './form-errors';
import { checkMenuBoard, formatPriceInput, toRowPath } from './menu-board-form';
import { FormMessage, OwnerForm, OwnerLoading, OwnerScreen } from './owner-ui';
import { UnsavedChangesGuard } from './unsaved-changes-guard';
import { useFormSubmission } from './use-form-submission';
import { parisDay } from './paris-day';
import { useOwnerEstablishment } from './use-owner-establishment';
import { useOwnerPage } from './use-owner-page';
import { useTodayMenuBoard, type TodayMenuBoard } from './use-today-menu-board';

interface Row {
  key: number;
  name: string;
  price: string;
  category: Category | null;
}

/**
 * What publishing would put online, to compare with what is online: rows left empty are not dishes, and a
 * change typed then undone is no change.
 */
function boardSnapshot(title: string, rows: Row[]): string {
  const dishes = rows
    .map((r) => [r.name.trim(), r.price.trim(), r.category?.id ?? null] as const)
    .filter(([name, price, category]) => name !== '' || price !== '' || category !== null);
  return JSON.stringify([title.trim(), dishes]);
}

let nextKey = 0;
// A new dish starts without a category: one copied from the dish above would be published unnoticed.
const newRow = (category: Category | null = null): Row => ({ key: nextKey++, name: '', price: '', category });

function initialRows(existing: TodayMenuBoard | null): Row[] {
  if (existing === null) return [newRow(), newRow(), newRow()];
  const rows = existing.board.items.map((item) => ({
    ...newRow(existing.categories.get(item.category) ?? null),
    name: item.name,
    price: formatPriceInput(item.price),
  }));
  return [...rows, newRow()];
}

function MenuBoardForm({
  establishment,
  token,
  existing,
}: {
  establishment: Establishment;
  token: string;
  existing: TodayMenuBoard | null;
}) {
  const [today] = useState(() => parisDay(new Date()));
  const [title, setTitle] = useState(() => existing?.board.title ?? `Ardoise du ${formatFrenchDay(today)}`);
  const [rows, setRows] = useState<Row[]>(() => initialRows(existing));
  // Today's board as loaded or last published: leaving with other dishes asks first.
  const [published, setPublished] = useState(() => boardSnapshot(title, rows));
  const unpublished = boardSnapshot(title, rows) !== published;
  // Once published today, a correction updates the same board.
  const [boardId, setBoardId] = useState<string | null>(existing?.board.id ?? null);
  const { errors, setErrors, notice, setNotice, busy, send } = useFormSubmission();
  const publicPath = establishmentPath(establishment.kind, establishment.uri);
  // With 20 dishes the first one to correct may be far above the button: it gets the focus, in view.
  const form = useRef<HTMLFormElement>(null);
  const [errorsToShow, setErrorsToShow] = useState(0);
  useEffect(() => {
    if (errorsToShow === 0) return;
    const first = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    first?.focus({ preventScroll: true });
    first?.scrollIntoView({ block: 'center' });
  }, [errorsToShow]);

  /** A change to a row, its messages about the changed fields gone with the old values. */
  const update = (key: number, patch: Partial<Row>) => {
    setRows((all) => all.map((row) => (row.key === key ? { ...row, ...patch } : row)));
    setErrors((all) => {
      const changed = Object.keys(patch).map((field) => `items.${key}.${field}`);
      return Object.fromEntries(Object.entries(all).filter(([path]) => !changed.includes(path)));
    });
    setNotice(null);
  };

  async function publish() {
    const check = checkMenuBoard(establishment.id, today, {
      title,
      items: rows.map((r) => ({ key: r.key, name: r.name, price: r.price, category: r.category?.id ?? '' })),
    });
    const toRows = (fields: FieldErrors): FieldErrors =>
      Object.fromEntries(
        Object.entries(fields).map(([path, text]) => [toRowPath(path, check.rowOfItem), text]),
      );
    if (!check.ok) {
      setErrors(check.errors);
      setNotice({ text: check.errors.items ?? 'Certains plats sont à compléter.', severity: 'error' });
      setErrorsToShow((n) => n + 1);
      return;
    }
    await send(
      async () => {
        if (boardId === null) {
          const created = await apiRequest(createMenuBoardRoute, { token, body: check.data });
          setBoardId(created.id);
        } else {
          const { title: newTitle, date, items } = check.data;
          await apiRequest(patchMenuBoardRoute, {
            token,
            params: { id: boardId },
            body: { title: newTitle, date, items },
          });
        }
        setPublished(boardSnapshot(title, rows));
        setNotice({ text: 'Ardoise publiée : elle est en ligne sur votre page.', severity: 'success' });
      },
      {
        onFailure: (failure) => {
          setErrors(toRows(failure.fields));
          setNotice({ text: failure.message ?? 'Certains plats sont à corriger.', severity: 'error' });
          setErrorsToShow((n) => n + 1);
        },
      },
    );
  }

  return (
    <OwnerForm ref={form} label="Ardoise du jour" onSubmit={publish}>
      <UnsavedChangesGuard when={unpublished} />
      <TextField
        label="Titre de l’ardoise"
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        error={errors.title !== undefined}
        helperText={errors.title}
        required
      />
      {rows.map((row, index) => {
        const n = index + 1;
        return (
          <Box
            key={row.key}
            component="fieldset"
            sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 2, m: 0, display: 'grid', gap: 1.5 }}
          >
            <Box component="legend" sx={{ px: 0.5, fontWeight: 600 }}>
              Plat {n}
            </Box>
            <TextField
              label="Nom du plat"
              value={row.name}
              onChange={(e) => update(row.key, { name: e.target.value })}
              error={errors[`items.${row.key}.name`] !== undefined}
              helperText={errors[`items.${row.key}.name`]}
              slotProps={{ htmlInput: { maxLength: MAX_DISH_NAME_LENGTH } }}
            />
            <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '140px 1fr' } }}>
              <TextField
                label="Prix (€)"
                value={row.price}
                placeholder="12,50"
                onChange={(e) => update(row.key, { price: e.target.value })}
                error={errors[`items.${row.key}.price`] !== undefined}
                helperText={errors[`items.${row.key}.price`]}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
              />
              <CategoryPicker
                label="Catégorie"
                value={row.category}
                onChange={(category) => update(row.key, { category })}
                error={errors[`items.${row.key}.category`]}
              />
            </Box>
            {rows.length > 1 && (
              <Box>
                <IconButton
                  aria-label={`Retirer le plat ${n}`}
                  onClick={() => setRows((all) => all.filter((r) => r.key !== row.key))}
                >
                  <DeleteOutlineIcon />
                </IconButton>
              </Box>
            )}
          </Box>
        );
      })}
      <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setRows((all) => [...all, newRow()])}>
        Ajouter un plat
      </Button>
      <FormMessage message={notice} />
      {notice?.severity === 'success' && (
        <Typography>
          <Link href={publicPath}>Voir l’ardoise sur ma page</Link>
        </Typography>
      )}
      <Button type="submit" variant="contained" size="large" disabled={busy}>
        Publier l’ardoise
      </Button>
    </OwnerForm>
  );
}

export function MenuBoardPage() {
  const { owner, token, here } = useOwnerPage('ready');
  const establishment = useOwnerEstablishment(owner?.establishment ?? null, token);
  if (!here || token === null) return <OwnerLoading />;
  if (establishment.isError)
    return <FormMessage message="Votre établissement n’a pas pu être chargé. Veuillez réessayer." />;
  if (establishment.data === undefined) return <OwnerLoading />;
  return <MenuBoardScreen establishment={establishment.data} token={token} />;
}

function MenuBoardScreen({ establishment, token }: { establishment: Establishment; token: string }) {
  const today = useTodayMenuBoard(establishment);
  return (
    <OwnerScreen
      title="Ardoise du jour"
      // "de" before a name would need elision or contraction ("de Au 52"): the name stands on its own.
      intro={`Établissement : ${establishment.name}. Vos plats du jour sont visibles sur votre page et sur la carte dès la publication. Les lignes laissées vides sont ignorées.`}
    >
      {today.isPending ? (
        <OwnerLoading />
      ) : (
        <>
          {today.data != null && (
            <Typography sx={{ mb: 2 }} role="status">
              Votre ardoise d’aujourd’hui est déjà publiée : corrigez-la ci-dessous.
            </Typography>
          )}
          <MenuBoardForm establishment={establishment} token={token} existing={today.data ?? null} />
        </>
      )}
    </OwnerScreen>
  );
}
