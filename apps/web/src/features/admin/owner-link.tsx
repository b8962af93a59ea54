import { useRef, useState } from 'react';
import {
  AutocompleteInput,
  Confirm,
  ReferenceInput,
  type DataProvider,
  useDataProvider,
  useGetOne,
  useRecordContext,
  type RaRecord,
} from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { establishmentOptionText } from './establishment-option';
import {
  establishmentLabel,
  ofEstablishment,
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

/** A change of the linked record, as a question is made of it. */
interface LinkChange {
  /** The record of the form. */
  record: RaRecord | undefined;
  /** The id linked now, and that record as read (while it loads, `undefined`). */
  current: LinkedId;
  linked: RaRecord | undefined;
  /** The id picked (`null`: the field emptied), and the record picked from the suggestions. */
  next: LinkedId;
  picked: RaRecord | null;
  dataProvider: DataProvider;
}

/**
 * What the picked record is linked to elsewhere, told by `describe`, read only when it is linked to another
 * record than this form's; `fallback` when it cannot be read.
 */
async function describeLinkedElsewhere(
  { record, next, dataProvider }: LinkChange,
  resource: string,
  id: LinkedId,
  describe: (linked: RaRecord) => string,
  fallback: string,
): Promise<string | null> {
  if (next === null || id === null || id === String(record?.id)) return null;
  try {
    return describe((await dataProvider.getOne(resource, { id })).data);
  } catch {
    return fallback;
  }
}

/** A field linking this form's record to one of `reference`, asking first when the change takes a page away. */
function LinkInput({
  source,
  reference,
  label,
  optionText,
  helperText,
  questionOf,
}: {
  source: string;
  reference: string;
  label: string;
  optionText: string | ((record: RaRecord) => string);
  helperText: string;
  questionOf: (change: LinkChange) => Promise<LinkQuestion | null>;
}) {
  const record = useRecordContext();
  const dataProvider = useDataProvider();
  const current = idOf(record?.[source]);
  const { data: linked } = useGetOne(reference, { id: current ?? '' }, { enabled: current !== null });
  const { accepted, ask, dialog } = useLinkQuestion(source, current);

  const onChange = async (value: unknown, picked: RaRecord | '') => {
    const next = idOf(value);
    if (next === accepted.current) return;
    if (next === current) {
      accepted.current = next;
      return;
    }
    const change = { record, current, linked, next, picked: picked === '' ? null : picked, dataProvider };
    ask(await questionOf(change), next);
  };

  return (
    <>
      <ReferenceInput source={source} reference={reference}>
        <AutocompleteInput
          label={label}
          optionText={optionText}
          filterToQuery={(q: string) => ({ q })}
          // Opened by a click or by typing, not by the focus alone: an answered question gives the focus
          // back to the field, and its list opening again covered « Enregistrer ».
          openOnFocus={false}
          fullWidth
          onChange={(value, picked) => void onChange(value, picked)}
          helperText={helperText}
        />
      </ReferenceInput>
      {dialog}
    </>
  );
}

/** An establishment's claim e-mail as read (`undefined`: not shown to this admin, or not read yet). */
const claimEmailOf = (establishment: RaRecord | undefined): string | null | undefined => {
  const value: unknown = establishment?.claimEmail;
  return typeof value === 'string' || value === null ? value : undefined;
};

/** The establishment form's « Propriétaire lié ». */
export function EstablishmentOwnerInput() {
  return (
    <LinkInput
      source="restaurantOwner"
      reference="restaurant-owners"
      label="Propriétaire lié"
      optionText="email"
      helperText="Videz le champ pour détacher le restaurateur de l’établissement."
      questionOf={async (change) =>
        establishmentOwnerQuestion({
          current: change.current === null ? null : String(change.linked?.email ?? 'le restaurateur actuel'),
          picked: change.next === null ? null : String(change.picked?.email ?? 'ce restaurateur'),
          claimEmail: claimEmailOf(change.record),
          pickedLeaves: await describeLinkedElsewhere(
            change,
            'establishments',
            idOf(change.picked?.establishment),
            establishmentLabel,
            'son établissement actuel',
          ),
        })
      }
    />
  );
}

/** The owner form's « Établissement lié ». */
export function OwnerEstablishmentInput() {
  return (
    <LinkInput
      source="establishment"
      reference="establishments"
      label="Établissement lié"
      optionText={establishmentOptionText}
      helperText="Videz le champ pour délier le restaurateur de son établissement."
      questionOf={async (change) =>
        ownerEstablishmentQuestion({
          owner: String(change.record?.email ?? 'ce restaurateur'),
          current: change.current === null ? null : ofEstablishment(change.linked),
          picked: change.next === null ? null : establishmentLabel(change.picked),
          claimEmail: claimEmailOf(change.linked),
          pickedOwner: await describeLinkedElsewhere(
            change,
            'restaurant-owners',
            idOf(change.picked?.restaurantOwner),
            (owner) => String(owner.email ?? 'un restaurateur'),
            'un autre restaurateur',
          ),
        })
      }
    />
  );
}
