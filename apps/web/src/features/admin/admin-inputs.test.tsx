// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { AdminContext, Form } from 'react-admin';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { Permission } from '@tables-voisines/contract/schemas/permission';
import { PriceSchema } from '@tables-voisines/contract/schemas/menu-board';
import { testUser } from '../../test/render';
import { AbilityProvider } from './ability-context';
import { ClosuresInput } from './closures-input';
import { adminAbility } from './admin-ability';
import { i18nProvider } from './admin-i18n';
import { DecimalInput } from './decimal-input';
import { zodValidator } from './form-errors';
import { OpeningHoursInput } from './opening-hours-input';
import { PermissionsInput } from './permissions-input';

/*
 * Inputs of the back office as an admin fills them in, each in a react-admin form of its own (the screens
 * around them need a data provider and a signed-in admin). What the form would save is what its `onSubmit`
 * receives; saving it is the data provider's business, tested apart.
 */

afterEach(cleanup);

/** React's words when a component hands the DOM a prop it does not know. */
const UNKNOWN_PROP = 'React does not recognize the `%s` prop on a DOM element.';

beforeAll(() => {
  // react-admin 5.15's text fields still pass MUI's `InputProps`, which MUI 9 no longer takes: it reaches the
  // DOM, and React says so once, in the first test that draws one (the admin's screens do too, in
  // development). Drawn here first, so that the tests below fail on any other error, and only this one is
  // let through.
  const error = vi.spyOn(console, 'error').mockImplementation(() => {});
  renderForm(<DecimalInput source="warmUp" label="Chauffe" example="1,5" />);
  cleanup();
  const others = error.mock.calls.filter(
    ([message, prop]) => !(String(message).startsWith(UNKNOWN_PROP) && prop === 'InputProps'),
  );
  error.mockRestore();
  expect(others).toEqual([]);
});

function renderForm(
  children: ReactNode,
  {
    record = {},
    validate,
    permissions = [{ action: 'manage', subject: 'all' }],
  }: {
    record?: Record<string, unknown>;
    validate?: (values: Record<string, unknown>) => object;
    /** The editing admin's. */
    permissions?: Permission[];
  } = {},
) {
  const saved: Record<string, unknown>[] = [];
  const ability = adminAbility({ id: '10000000-0000-4000-8000-000000000001', permissions });
  render(
    <AdminContext i18nProvider={i18nProvider}>
      <AbilityProvider value={ability}>
        <Form
          record={record}
          validate={validate}
          onSubmit={(values: Record<string, unknown>) => void saved.push(values)}
        >
          {children}
          <button type="submit">Enregistrer</button>
        </Form>
      </AbilityProvider>
    </AdminContext>,
  );
  return { user: testUser(), saved };
}

describe('the back office’s decimal field', () => {
  it('saves « 12,50 » as 12.5, not 1250, and writes it back French style', async () => {
    const { user, saved } = renderForm(
      <DecimalInput
        source="price"
        label="Prix (€)"
        example="12,50"
        display={{ minimumFractionDigits: 2, maximumFractionDigits: 2 }}
      />,
    );
    const price = screen.getByLabelText('Prix (€)') as HTMLInputElement;
    await user.type(price, '12,5');
    await user.tab();
    expect(price.value).toBe('12,50');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await expect.poll(() => saved).toEqual([{ price: 12.5 }]);
  });

  it('shows a number already saved in French, and reads a latitude typed with a point too', async () => {
    const { user, saved } = renderForm(
      <DecimalInput source="latitude" label="Latitude" example="45,7601" signed />,
      { record: { latitude: 45.7601 } },
    );
    const latitude = screen.getByLabelText('Latitude') as HTMLInputElement;
    expect(latitude.value).toBe('45,7601');
    await user.clear(latitude);
    await user.type(latitude, '-1.5534');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await expect.poll(() => saved).toEqual([{ latitude: -1.5534 }]);
  });

  it('says a number it cannot read once the field is left, and the schema refuses the form', async () => {
    const { user, saved } = renderForm(<DecimalInput source="price" label="Prix (€)" example="12,50" />, {
      validate: zodValidator(z.object({ price: PriceSchema })),
    });
    await user.type(screen.getByLabelText('Prix (€)'), '12,5,0');
    expect(screen.queryByText(/Nombre illisible/)).toBeNull();
    await user.tab();
    expect(
      screen.getByText(
        'Nombre illisible : écrivez des chiffres, avec une virgule avant les décimales (par exemple 12,50).',
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(saved).toEqual([]);
  });
});

describe('the back office’s opening hours', () => {
  it('adds a range to a closed day, and reads « 9h30 » as 09:30', async () => {
    const { user, saved } = renderForm(<OpeningHoursInput />, {
      record: { openingHours: [{ day: 2, opens: '12:00', closes: '14:00' }] },
    });
    expect((screen.getByLabelText('Mardi : ouverture 1') as HTMLInputElement).value).toBe('12:00');
    await user.click(screen.getByRole('button', { name: 'Ajouter une plage au lundi' }));
    const opens = screen.getByLabelText('Lundi : ouverture 1') as HTMLInputElement;
    expect(opens.value).toBe('12:00');
    await user.clear(opens);
    await user.type(opens, '9h30');
    await user.tab();
    expect(opens.value).toBe('09:30');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await expect.poll(() => saved).toHaveLength(1);
    expect(saved[0]?.openingHours).toEqual([
      { day: 1, opens: '09:30', closes: '14:00' },
      { day: 2, opens: '12:00', closes: '14:00' },
    ]);
  });

  it('refuses an hour it cannot read, keeping the one before', async () => {
    const { user, saved } = renderForm(<OpeningHoursInput />, {
      record: { openingHours: [{ day: 3, opens: '12:00', closes: '14:00' }] },
    });
    const closes = screen.getByLabelText('Mercredi : fermeture 1');
    await user.clear(closes);
    await user.type(closes, '25h');
    await user.tab();
    expect(screen.getByText('Heure invalide (ex. 12:00, 9h30)')).toBeTruthy();
    expect(closes.getAttribute('aria-invalid')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Supprimer la plage 1 du mercredi' }));
    expect(screen.getAllByText('Fermé')).toHaveLength(7);
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await expect.poll(() => saved).toEqual([{ openingHours: [] }]);
  });
});

describe('the back office’s permissions grid', () => {
  it('grants a permission ticked, and greys those the editing admin lacks', async () => {
    const { user, saved } = renderForm(<PermissionsInput />, {
      record: { permissions: [{ action: 'read', subject: 'establishment' }] },
      permissions: [
        { action: 'read', subject: 'establishment' },
        { action: 'update', subject: 'establishment' },
      ],
    });
    const read = screen.getByRole('checkbox', { name: 'Lire : Établissements' }) as HTMLInputElement;
    expect(read.checked).toBe(true);
    // Not the editor's to give.
    expect(
      (screen.getByRole('checkbox', { name: 'Supprimer : Établissements' }) as HTMLInputElement).disabled,
    ).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Modifier : Établissements' }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await expect.poll(() => saved).toHaveLength(1);
    expect(saved[0]?.permissions).toEqual([
      { action: 'read', subject: 'establishment' },
      { action: 'update', subject: 'establishment' },
    ]);
  });
});

describe('the back office’s closures', () => {
  it('keeps a closure to come, removes it on « Retirer cette fermeture », and adds one until further notice', async () => {
    const { user, saved } = renderForm(<ClosuresInput />, {
      record: { closures: [{ from: '2099-08-01', to: '2099-08-21', reason: 'Congés annuels' }] },
    });
    const first = within(screen.getByRole('group', { name: 'Fermeture 1' }));
    expect((first.getByLabelText('Du') as HTMLInputElement).value).toBe('2099-08-01');
    expect((first.getByLabelText('Au') as HTMLInputElement).value).toBe('2099-08-21');
    await user.click(first.getByRole('button', { name: 'Retirer cette fermeture' }));
    expect(screen.queryByRole('group', { name: 'Fermeture 1' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Ajouter une fermeture' }));
    const added = within(screen.getByRole('group', { name: 'Fermeture 1' }));
    const from = (added.getByLabelText('Du') as HTMLInputElement).value;
    await user.click(added.getByRole('checkbox', { name: 'Jusqu’à nouvel ordre' }));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await expect.poll(() => saved).toEqual([{ closures: [{ from, to: null, reason: null }] }]);
  });
});
