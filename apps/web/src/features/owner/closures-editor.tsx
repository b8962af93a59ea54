import { useController, useFormState, type Control } from 'react-hook-form';
import type { Closure } from '@tables-voisines/contract/closures';
import type { PatchEstablishmentBody } from '@tables-voisines/contract/schemas/establishment';
import { ClosuresFieldset } from '../closures/closures-fieldset';
import { messageAt } from './contract-resolver';
import type { EstablishmentFormValues } from './establishment-form';

/**
 * « Fermetures exceptionnelles » of « Ma page »: the rows are one field of the form, their messages (the
 * form's checks and the server's, `closures.1.to`) under the fields they are about.
 */
export function ClosuresEditor({
  control,
  saved,
  today,
}: {
  control: Control<EstablishmentFormValues, unknown, PatchEstablishmentBody>;
  saved: readonly Closure[];
  today: string;
}) {
  const { field } = useController({ control, name: 'closures' });
  const { errors } = useFormState({ control, name: 'closures' });
  // A message about the whole list sits on the list itself, or on its `root` once rows have messages too.
  const list = errors.closures as { message?: unknown; root?: { message?: string } } | undefined;
  const listError =
    (typeof list?.message === 'string' ? list.message : undefined) ?? list?.root?.message ?? undefined;
  return (
    <ClosuresFieldset
      rows={field.value}
      onChange={field.onChange}
      errorAt={(path) => messageAt(errors, `closures.${path}`)}
      listError={listError}
      today={today}
      saved={saved}
      idPrefix="fermeture"
      heading="Fermetures exceptionnelles"
      intro="Congés, travaux, fermeture jusqu’à nouvel ordre : votre page l’annonce et la carte ne vous montre pas ouvert ces jours-là."
    />
  );
}
