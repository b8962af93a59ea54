import KeyIcon from '@mui/icons-material/VpnKey';
import MailIcon from '@mui/icons-material/Mail';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MuiTextField from '@mui/material/TextField';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { useState } from 'react';
import {
  Datagrid,
  DateField,
  FunctionField,
  List,
  Menu,
  SelectInput,
  useCanAccess,
  useGetList,
  useNotify,
  useRecordContext,
  useRefresh,
  useUpdate,
  type ResourceProps,
} from 'react-admin';
import { ofName, toName } from '@tables-voisines/contract/french-names';
import {
  ACCESS_REQUEST_STATUSES,
  ACCESS_REQUEST_STATUS_LABELS,
  MAX_REFUSAL_REASON_LENGTH,
  type AccessRequest,
  type ContactMessage,
} from '@tables-voisines/contract/schemas/access';
import { formatShortFrenchDateTime } from '../../lib/format';
import { useAbility } from './ability-context';

/*
 * « Demandes d’accès » (owners of a page with no e-mail asking the team, decision 0071) and « Messages »
 * (« Nous contacter »), each with the count of those waiting on its menu entry, as « Signalements ».
 */

const BADGE_REFRESH_MS = 60_000;

const errorText = (error: unknown, fallback: string) =>
  error instanceof Error && error.message !== '' ? error.message : fallback;

/** « Rattacher » in one click, « Refuser » with a reason the owner is mailed. */
function AccessRequestActions() {
  const request = useRecordContext<AccessRequest>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [update, { isPending }] = useUpdate();
  const ability = useAbility();
  const [refusing, setRefusing] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const may = ability.can('update', 'restaurant-owner') && ability.can('update', 'establishment');
  if (request === undefined || !may || request.status !== 'open') return null;
  const who = `${request.owner.firstName} ${request.owner.lastName}`;
  const decide = (data: { status: 'accepted' } | { status: 'refused'; reason: string }, done: string) =>
    update(
      'access-requests',
      { id: request.id, data, previousData: request },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setRefusing(false);
          notify(done, { type: 'success' });
          refresh();
        },
        onError: (error) =>
          notify(errorText(error, 'La demande n’a pas pu être traitée.'), { type: 'error' }),
      },
    );
  const refuse = () => {
    if (reason.trim() === '') {
      setReasonError('Donnez le motif du refus : il est envoyé au restaurateur.');
      return;
    }
    void decide(
      { status: 'refused', reason: reason.trim() },
      `Demande refusée : ${who} en est prévenu par e-mail.`,
    );
  };
  return (
    <>
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ flexWrap: 'wrap', '& button': { whiteSpace: 'nowrap' } }}
      >
        <Button
          size="small"
          variant="contained"
          disabled={isPending}
          onClick={() =>
            void decide(
              { status: 'accepted' },
              `${who} est rattaché(e) ${toName(request.establishment.name)} et prévenu(e) par e-mail.`,
            )
          }
          aria-label={`Rattacher ${who} ${toName(request.establishment.name)}`}
        >
          Rattacher
        </Button>
        <Button
          size="small"
          variant="outlined"
          disabled={isPending}
          onClick={() => setRefusing(true)}
          aria-label={`Refuser la demande de ${who}`}
        >
          Refuser
        </Button>
      </Stack>
      <Dialog open={refusing} onClose={() => setRefusing(false)} aria-labelledby={`refus-${request.id}`}>
        <DialogTitle id={`refus-${request.id}`}>
          Refuser l’accès à la page {ofName(request.establishment.name)}
        </DialogTitle>
        <DialogContent>
          <Typography sx={{ mb: 2 }}>
            {who} ({request.owner.email}) recevra ce motif par e-mail, avec le lien vers «&nbsp;Nous
            contacter&nbsp;».
          </Typography>
          <MuiTextField
            label="Motif du refus"
            multiline
            minRows={3}
            fullWidth
            autoFocus
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setReasonError(null);
            }}
            error={reasonError !== null}
            helperText={reasonError ?? `${MAX_REFUSAL_REASON_LENGTH} caractères au plus.`}
            slotProps={{ htmlInput: { maxLength: MAX_REFUSAL_REASON_LENGTH } }}
            required
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRefusing(false)}>Annuler</Button>
          <Button variant="contained" color="error" disabled={isPending} onClick={refuse}>
            Refuser et prévenir
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function DecisionText() {
  const request = useRecordContext<AccessRequest>();
  if (request === undefined) return null;
  return (
    <>
      {ACCESS_REQUEST_STATUS_LABELS[request.status]}
      {request.decidedAt !== null && (
        <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
          le {formatShortFrenchDateTime(request.decidedAt)}
          {request.decidedBy?.name ? ` par ${request.decidedBy.name}` : ''}
        </Typography>
      )}
      {request.refusalReason !== null && (
        <Typography variant="body2" component="span" sx={{ display: 'block' }}>
          Motif : {request.refusalReason}
        </Typography>
      )}
    </>
  );
}

const requestFilters = [
  <SelectInput
    key="status"
    source="status"
    label="État"
    choices={ACCESS_REQUEST_STATUSES.map((id) => ({ id, name: ACCESS_REQUEST_STATUS_LABELS[id] }))}
    emptyText="Toutes"
    alwaysOn
  />,
];

export function AccessRequestList() {
  return (
    <List
      title="Demandes d’accès"
      filters={requestFilters}
      filterDefaultValues={{ status: 'open' }}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      exporter={false}
      empty={false}
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <FunctionField
          label="Établissement"
          sortable={false}
          render={(r: AccessRequest) => `${r.establishment.name} (${r.establishment.town})`}
        />
        <FunctionField
          label="Restaurateur"
          sortable={false}
          render={(r: AccessRequest) => (
            <>
              {r.owner.firstName} {r.owner.lastName}
              <Box component="span" sx={{ display: 'block' }}>
                <a href={`mailto:${r.owner.email}`}>{r.owner.email}</a>
              </Box>
            </>
          )}
        />
        <FunctionField
          label="Téléphone"
          sortable={false}
          render={(r: AccessRequest) => <a href={`tel:${r.phone.replace(/[^\d+]/g, '')}`}>{r.phone}</a>}
        />
        <FunctionField
          label="Preuve donnée"
          sortable={false}
          render={(r: AccessRequest) => (
            <Box component="span" sx={{ whiteSpace: 'pre-line', display: 'block', maxWidth: '40ch' }}>
              {r.proof}
            </Box>
          )}
        />
        <DateField source="createdAt" label="Reçue le" locales="fr-FR" showTime sortable={false} />
        <FunctionField label="État" sortable={false} render={() => <DecisionText />} />
        <FunctionField label="Actions" sortable={false} render={() => <AccessRequestActions />} />
      </Datagrid>
    </List>
  );
}

function HandledAction() {
  const message = useRecordContext<ContactMessage>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [update, { isPending }] = useUpdate();
  const may = useAbility().can('update', 'establishment');
  if (message === undefined || !may) return null;
  const handled = message.handledAt !== null;
  return (
    <Button
      size="small"
      variant={handled ? 'text' : 'contained'}
      disabled={isPending}
      onClick={() =>
        void update(
          'contact-messages',
          { id: message.id, data: { handled: !handled }, previousData: message },
          {
            mutationMode: 'pessimistic',
            onSuccess: () => {
              notify(handled ? 'Message de nouveau à traiter.' : 'Message marqué traité.', {
                type: 'success',
              });
              refresh();
            },
            onError: (error) =>
              notify(errorText(error, 'Le message n’a pas pu être modifié.'), { type: 'error' }),
          },
        )
      }
      aria-label={`${handled ? 'Remettre à traiter' : 'Marquer traité'} : message de ${message.name}`}
    >
      {handled ? 'Remettre à traiter' : 'Marquer traité'}
    </Button>
  );
}

const messageFilters = [
  <SelectInput
    key="handled"
    source="handled"
    label="État"
    choices={[
      { id: 'false', name: 'À traiter' },
      { id: 'true', name: 'Traités' },
    ]}
    emptyText="Tous"
    alwaysOn
  />,
];

export function ContactMessageList() {
  return (
    <List
      title={'Messages («\u00a0Nous contacter\u00a0»)'}
      filters={messageFilters}
      filterDefaultValues={{ handled: 'false' }}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      exporter={false}
      empty={false}
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <FunctionField
          label="De"
          sortable={false}
          render={(m: ContactMessage) => (
            <>
              {m.name}
              <Box component="span" sx={{ display: 'block' }}>
                <a href={`mailto:${m.email}`}>{m.email}</a>
              </Box>
            </>
          )}
        />
        <FunctionField
          label="Message"
          sortable={false}
          render={(m: ContactMessage) => (
            <Box component="span" sx={{ whiteSpace: 'pre-line', display: 'block', maxWidth: '60ch' }}>
              {m.message}
            </Box>
          )}
        />
        <DateField source="createdAt" label="Reçu le" locales="fr-FR" showTime sortable={false} />
        <FunctionField
          label="État"
          sortable={false}
          render={(m: ContactMessage) =>
            m.handledAt === null ? 'À traiter' : `Traité le ${formatShortFrenchDateTime(m.handledAt)}`
          }
        />
        <FunctionField label="Actions" sortable={false} render={() => <HandledAction />} />
      </Datagrid>
    </List>
  );
}

function useWaitingCount(resource: string, filter: Record<string, unknown>, enabled: boolean) {
  const { total } = useGetList(
    resource,
    { filter, pagination: { page: 1, perPage: 1 }, sort: { field: 'createdAt', order: 'DESC' } },
    { enabled, refetchInterval: BADGE_REFRESH_MS },
  );
  return total ?? 0;
}

/** A menu entry with the count of what waits, read out as « (3 à traiter) ». */
function CountedMenuItem({
  resource,
  label,
  filter,
  icon,
}: {
  resource: string;
  label: string;
  filter: Record<string, unknown>;
  icon: React.ReactNode;
}) {
  const { canAccess } = useCanAccess({ resource, action: 'list' });
  const count = useWaitingCount(resource, filter, canAccess === true);
  return (
    <Menu.ResourceItem
      name={resource}
      primaryText={
        <>
          {label}
          {count > 0 && (
            <Box component="span" sx={visuallyHidden}>
              {` (${count} à traiter)`}
            </Box>
          )}
        </>
      }
      leftIcon={
        <Badge badgeContent={count} color="error" max={99} aria-hidden="true">
          {icon}
        </Badge>
      }
    />
  );
}

export function AccessRequestsMenuItem() {
  return (
    <CountedMenuItem
      resource="access-requests"
      label="Demandes d’accès"
      filter={{ status: 'open' }}
      icon={<KeyIcon />}
    />
  );
}

export function ContactMessagesMenuItem() {
  return (
    <CountedMenuItem
      resource="contact-messages"
      label="Messages"
      filter={{ handled: 'false' }}
      icon={<MailIcon />}
    />
  );
}

export const ACCESS_REQUESTS_RESOURCE: ResourceProps = {
  name: 'access-requests',
  icon: KeyIcon,
  list: AccessRequestList,
  options: { label: 'Demandes d’accès' },
};

export const CONTACT_MESSAGES_RESOURCE: ResourceProps = {
  name: 'contact-messages',
  icon: MailIcon,
  list: ContactMessageList,
  options: { label: 'Messages' },
};
