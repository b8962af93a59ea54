import ReportProblemIcon from '@mui/icons-material/ReportProblem';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '@mui/utils';
import { Fragment } from 'react';
import ReportIcon from '@mui/icons-material/ReportProblem';
import {
  Datagrid,
  DateField,
  FunctionField,
  Link,
  List,
  Menu,
  SelectInput,
  TextField,
  required,
  useCanAccess,
  useCreatePath,
  useGetList,
  useNotify,
  useRecordContext,
  useRefresh,
  useResourceDefinitions,
  useUpdate,
  type ResourceProps,
} from 'react-admin';
import {
  OWNER_ANSWER_LABELS,
  REPORT_REASON_LABELS,
  REPORT_STATUSES,
  REPORT_STATUS_LABELS,
  type ReportReason,
  type ReportStatus,
} from '@tables-voisines/contract/reports';
import type { Report } from '@tables-voisines/contract/schemas/report';
import { formatShortFrenchDateTime } from '../../lib/format';
import { useAbility } from './ability-context';
import { AccessRequestsMenuItem, ContactMessagesMenuItem } from './access';
import { ImportMenuItem } from './import-page';

/** The open reports' count of the menu's badge: read again every minute, and after each change (refresh). */
const BADGE_REFRESH_MS = 60_000;

/**
 * « Tous » is a choice of its own (`all`), not the select's empty item: react-admin drops an empty filter,
 * and the select then showed nothing at all under « Tous ».
 */
export const ALL_STATUSES = 'all';
const STATUS_CHOICES = [
  { id: ALL_STATUSES, name: 'Tous' },
  ...REPORT_STATUSES.map((status) => ({ id: status, name: REPORT_STATUS_LABELS[status] })),
];

const filters = [
  <SelectInput
    key="status"
    source="status"
    label="État"
    choices={STATUS_CHOICES}
    // Required only so that react-admin adds no empty item beside « Tous » (its mark is not shown).
    validate={required()}
    sx={{ '& .MuiFormLabel-asterisk': { display: 'none' } }}
    alwaysOn
  />,
];

/** The establishment's name, a link to its form (its page when the admin may only read it). */
function EstablishmentLink() {
  const report = useRecordContext<Report>();
  const createPath = useCreatePath();
  const type = useAbility().can('update', 'establishment') ? 'edit' : 'show';
  if (report === undefined) return null;
  return (
    <Link to={createPath({ resource: 'establishments', id: report.establishment.id, type })}>
      {report.establishment.name}
    </Link>
  );
}

/** « Corrigé », « Écarté »: with who and when. */
function StatusText() {
  const report = useRecordContext<Report>();
  if (report === undefined) return null;
  return (
    <>
      {REPORT_STATUS_LABELS[report.status]}
      {report.resolvedAt !== null && (
        <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
          le {formatShortFrenchDateTime(report.resolvedAt)}
          {report.resolvedBy?.name ? ` par ${report.resolvedBy.name}` : ''}
        </Typography>
      )}
      {report.reporterToldAt !== null && (
        <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
          Visiteur prévenu le {formatShortFrenchDateTime(report.reporterToldAt)}
        </Typography>
      )}
    </>
  );
}

/** What the establishment's owner answered: « C’est corrigé », or « C’est juste » and its line. */
export function OwnerAnswerText({ report }: { report: Pick<Report, 'ownerAnswer'> }) {
  const answer = report.ownerAnswer;
  if (answer === null) return <>—</>;
  return (
    <>
      {OWNER_ANSWER_LABELS[answer.answer]}
      {answer.note !== null && (
        <Box component="span" sx={{ display: 'block', whiteSpace: 'pre-line' }}>
          «&nbsp;{answer.note}&nbsp;»
        </Box>
      )}
      <Typography variant="body2" color="text.secondary" component="span" sx={{ display: 'block' }}>
        le {formatShortFrenchDateTime(answer.at)}
      </Typography>
    </>
  );
}

const DONE_MESSAGES: Record<ReportStatus, string> = {
  resolved: 'Signalement marqué corrigé.',
  dismissed: 'Signalement écarté.',
  open: 'Signalement rouvert : il est de nouveau à traiter.',
};

/**
 * « Marquer corrigé » and « Écarter » of an open report, « Rouvrir » of a handled one (a click made by
 * mistake), for admins who may change establishments.
 */
function ReportActions() {
  const report = useRecordContext<Report>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [update, { isPending }] = useUpdate();
  const mayUpdate = useAbility().can('update', 'establishment');
  if (report === undefined || !mayUpdate) return null;
  const mark = (status: ReportStatus) =>
    update(
      'reports',
      { id: report.id, data: { status }, previousData: report },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          notify(DONE_MESSAGES[status], { type: 'success' });
          // The list and the menu's badge read again.
          refresh();
        },
        onError: (error) =>
          notify(
            error instanceof Error && error.message !== ''
              ? error.message
              : 'Le signalement n’a pas pu être modifié.',
            { type: 'error' },
          ),
      },
    );
  const about = `${REPORT_REASON_LABELS[report.reason]} — ${report.establishment.name}`;
  if (report.status !== 'open') {
    return (
      <Button
        size="small"
        variant="outlined"
        disabled={isPending}
        onClick={() => void mark('open')}
        aria-label={`Rouvrir : ${about}`}
        sx={{ whiteSpace: 'nowrap' }}
      >
        Rouvrir
      </Button>
    );
  }
  return (
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
        onClick={() => void mark('resolved')}
        aria-label={`Marquer corrigé : ${about}`}
      >
        Marquer corrigé
      </Button>
      <Button
        size="small"
        variant="outlined"
        disabled={isPending}
        onClick={() => void mark('dismissed')}
        aria-label={`Écarter : ${about}`}
      >
        Écarter
      </Button>
    </Stack>
  );
}

/** « Signalements »: the visitors' reports, newest first, « À traiter » first shown. */
export function ReportList() {
  return (
    <List
      title="Signalements"
      filters={filters}
      filterDefaultValues={{ status: 'open' }}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      exporter={false}
      empty={false}
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <FunctionField label="Établissement" sortable={false} render={() => <EstablishmentLink />} />
        <FunctionField
          label="Motif"
          sortable={false}
          render={(report: Report) => REPORT_REASON_LABELS[report.reason as ReportReason]}
        />
        <TextField
          source="message"
          label="Précisions"
          sortable={false}
          emptyText="—"
          sx={{ whiteSpace: 'pre-line', display: 'block', maxWidth: '40ch' }}
        />
        <FunctionField
          label="E-mail"
          sortable={false}
          render={(report: Report) =>
            report.email === null ? '—' : <a href={`mailto:${report.email}`}>{report.email}</a>
          }
        />
        <DateField source="createdAt" label="Reçu le" locales="fr-FR" showTime sortable={false} />
        <FunctionField
          label="Réponse du restaurateur"
          sortable={false}
          render={(report: Report) => <OwnerAnswerText report={report} />}
        />
        <FunctionField label="État" sortable={false} render={() => <StatusText />} />
        <FunctionField label="Actions" sortable={false} render={() => <ReportActions />} />
      </Datagrid>
    </List>
  );
}

/** How many reports are open, for the menu's badge; `undefined` while unknown or not allowed. */
export function useOpenReportCount(enabled: boolean): number | undefined {
  const { total } = useGetList<Report & { id: string }>(
    'reports',
    {
      filter: { status: 'open' satisfies ReportStatus },
      pagination: { page: 1, perPage: 1 },
      sort: { field: 'createdAt', order: 'DESC' },
    },
    { enabled, refetchInterval: BADGE_REFRESH_MS },
  );
  return total;
}

/** The menu's « Signalements » entry with the open count; nothing for admins who may not read them. */
export function ReportsMenuItem() {
  const { canAccess } = useCanAccess({ resource: 'reports', action: 'list' });
  const open = useOpenReportCount(canAccess === true);
  const count = open ?? 0;
  return (
    <Menu.ResourceItem
      name="reports"
      primaryText={
        <>
          Signalements
          {count > 0 && (
            <Box component="span" sx={visuallyHidden}>
              {` (${count} à traiter)`}
            </Box>
          )}
        </>
      }
      leftIcon={
        <Badge badgeContent={count} color="error" max={99} aria-hidden="true">
          <ReportIcon />
        </Badge>
      }
    />
  );
}

/**
 * react-admin's menu as it makes it (the dashboard, then each resource with a list the admin may read),
 * the reports' entry with its badge.
 */
export function AdminMenu() {
  const resources = useResourceDefinitions();
  return (
    <Menu>
      <Menu.DashboardItem />
      {Object.values(resources)
        .filter((resource) => resource.hasList)
        .map((resource) =>
          resource.name === 'reports' ? (
            <ReportsMenuItem key={resource.name} />
          ) : resource.name === 'access-requests' ? (
            <AccessRequestsMenuItem key={resource.name} />
          ) : resource.name === 'contact-messages' ? (
            <ContactMessagesMenuItem key={resource.name} />
          ) : resource.name === 'establishments' ? (
            <Fragment key={resource.name}>
              <Menu.ResourceItem name={resource.name} />
              <ImportMenuItem />
            </Fragment>
          ) : (
            <Menu.ResourceItem key={resource.name} name={resource.name} />
          ),
        )}
    </Menu>
  );
}

/** Visitors’ reports as the back office's `<Resource>` declares them. */
export const REPORTS_RESOURCE: ResourceProps = {
  name: 'reports',
  icon: ReportProblemIcon,
  list: ReportList,
  options: { label: 'Signalements' },
};
