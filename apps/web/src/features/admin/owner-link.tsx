import { useRef, useState } from 'react';
import {
  AutocompleteInput,
  Confirm,
  ReferenceInput,
  useDataProvider,
  useGetOne,
  useRecordContext,
  type RaRecord,
} from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { establishmentOptionText } from './establishment-option';
import {
  establishmentLabel,
  establishmentOwnerQuestion,
  ownerEstablishmentQuestion,
  type LinkQuestion,
} from './owner-link-text';

/*
 * The owner of an establishment, chosen in either form (the establishment's « Propriétaire » tab, the
 * owner's « Établissement lié »). A choice that takes a page away from an owner is asked about first, naming
 * that owner; declined, the field goes back to what it was.
 */

type LinkedId = string | null;

const idOf = (value: unknown): LinkedId =>
  value === null || value === undefined || value === '' ? null : String(value);

/** The question on screen, and what answering it does. */
function useLinkQuestion(source: string, initial: LinkedId) {
  const { setValue } = useFormContext();
  // The value last accepted: the record's, or one the admin said yes to.
  const accepted = useRef<LinkedId>(initial);
  const [asked, setAsked] = useState<{ question: LinkQuestion; value: LinkedId } | null>(null);
  const dialog = (
    <Confirm
      isOpen={asked !== null}
      title={asked?.question.title ?? ''}
      content={asked?.question.text ?? ''}
      confirm={asked?.question.confirm ?? 'Confirmer'}
      cancel="Annuler"
      onConfirm={() => {
        accepted.current = asked?.value ?? null;
        setAsked(null);
      }}
      onClose={() => {
        setValue(source, accepted.current, { shouldDirty: true });
        setAsked(null);
      }}
    />
  );
  return {
    accepted,
    ask: (question: LinkQuestion | null, value: LinkedId) => {
      if (question === null) accepted.current = value;
      else setAsked({ question, value });
    },
    dialog,
  };
}

/** The establishment form's « Propriétaire lié ». */
export function EstablishmentOwnerInput() {
  const record = useRecordContext();
  const dataProvider = useDataProvider();
  const current = idOf(record?.restaurantOwner);
  const { data: currentOwner } = useGetOne(
    'restaurant-owners',
    { id: current ?? '' },
    { enabled: current !== null },
  );
  const { accepted, ask, dialog } = useLinkQuestion('restaurantOwner', current);

  const onChange = async (value: unknown, picked: RaRecord | '') => {
    const next = idOf(value);
    if (next === accepted.current) return;
    if (next === current) {
      accepted.current = next;
      return;
    }
    const pickedOwner = picked === '' ? null : picked;
    const leaves = idOf(pickedOwner?.establishment);
    let pickedLeaves: string | null = null;
    if (next !== null && leaves !== null && leaves !== String(record?.id)) {
      try {
        pickedLeaves = establishmentLabel((await dataProvider.getOne('establishments', { id: leaves })).data);
      } catch {
        pickedLeaves = 'son établissement actuel';
      }
    }
    ask(
      establishmentOwnerQuestion({
        current: current === null ? null : String(currentOwner?.email ?? 'le restaurateur actuel'),
        picked: next === null ? null : String(pickedOwner?.email ?? 'ce restaurateur'),
        pickedLeaves,
      }),
      next,
    );
  };

  return (
    <>
      <ReferenceInput source="restaurantOwner" reference="restaurant-owners">
        <AutocompleteInput
          label="Propriétaire lié"
          optionText="email"
          filterToQuery={(q: string) => ({ q })}
          fullWidth
          onChange={(value, picked) => void onChange(value, picked)}
          helperText="Videz le champ pour détacher le restaurateur de l’établissement."
        />
      </ReferenceInput>
      {dialog}
    </>
  );
}

/** The owner form's « Établissement lié ». */
export function OwnerEstablishmentInput() {
  const record = useRecordContext();
  const current = idOf(record?.establishment);
  const { data: currentEstablishment } = useGetOne(
    'establishments',
    { id: current ?? '' },
    { enabled: current !== null },
  );
  const dataProvider = useDataProvider();
  const { accepted, ask, dialog } = useLinkQuestion('establishment', current);

  const onChange = async (value: unknown, picked: RaRecord | '') => {
    const next = idOf(value);
    if (next === accepted.current) return;
    if (next === current) {
      accepted.current = next;
      return;
    }
    const establishment = picked === '' ? null : picked;
    const ownerId = idOf(establishment?.restaurantOwner);
    let pickedOwner: string | null = null;
    if (next !== null && ownerId !== null && ownerId !== String(record?.id)) {
      try {
        pickedOwner = String(
          (await dataProvider.getOne('restaurant-owners', { id: ownerId })).data.email ?? 'un restaurateur',
        );
      } catch {
        pickedOwner = 'un autre restaurateur';
      }
    }
    ask(
      ownerEstablishmentQuestion({
        owner: String(record?.email ?? 'ce restaurateur'),
        current: current === null ? null : establishmentLabel(currentEstablishment),
        picked: next === null ? null : establishmentLabel(establishment),
        pickedOwner,
      }),
      next,
    );
  };

  return (
    <>
      <ReferenceInput source="establishment" reference="establishments">
        <AutocompleteInput
          label="Établissement lié"
          optionText={establishmentOptionText}
          filterToQuery={(q: string) => ({ q })}
          fullWidth
          onChange={(value, picked) => void onChange(value, picked)}
          helperText="Videz le champ pour délier le restaurateur de son établissement."
        />
      </ReferenceInput>
      {dialog}
    </>
  );
}
