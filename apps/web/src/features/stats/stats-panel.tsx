import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { parisDay } from '@tables-voisines/contract/paris-time';
import type { StatCountKey } from '@tables-voisines/contract/schemas/stats';
import { apiRequest } from '../../lib/api-client';
import { formatCount } from '../../lib/format';
import { PRIMARY_TEXT } from '../../theme/theme';
import {
  STAT_LABELS,
  STAT_PERIODS,
  changeText,
  isEmpty,
  longDay,
  periodFigures,
  shortDay,
  statsRange,
  type PeriodFigures,
  type StatPeriod,
} from './stats-figures';

/*
 * « Statistiques » (issue 53): what a place's page brought over 7, 30 or 90 days. One component for the
 * owners' space and the back office's establishment tab: each gives the place and its own token.
 */

function Totals({ figures, days }: { figures: PeriodFigures; days: StatPeriod }) {
  return (
    <Box
      component="ul"
      sx={{
        listStyle: 'none',
        p: 0,
        m: 0,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(3, minmax(0, 1fr))' },
      }}
    >
      {STAT_LABELS.map(({ key, label }) => (
        <Box
          component="li"
          key={key}
          data-testid={`stat-${key}`}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5, minWidth: 0 }}
        >
          <Typography variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography variant="h2" component="p">
            {formatCount(figures.totals[key])}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {changeText(figures.totals[key], figures.previous[key], days)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function DayChart({ figures }: { figures: PeriodFigures }) {
  const [shown, setShown] = useState<StatCountKey>('view');
  const label = STAT_LABELS.find(({ key }) => key === shown)!.label;
  const labelStep = figures.days.length <= 7 ? 1 : figures.days.length <= 30 ? 7 : 14;
  return (
    <Box sx={{ minWidth: 0 }}>
      <TextField
        select
        size="small"
        label="Chiffre du graphique"
        value={shown}
        onChange={(event) => setShown(event.target.value as StatCountKey)}
        sx={{ minWidth: 220, mb: 1 }}
      >
        {STAT_LABELS.map(({ key, label: name }) => (
          <MenuItem key={key} value={key}>
            {name}
          </MenuItem>
        ))}
      </TextField>
      {/* Drawn for the eyes; the table below says the same to a screen reader. */}
      <Box
        role="img"
        aria-label={`Graphique : ${label.toLowerCase()} par jour (les chiffres sont dans le tableau).`}
      >
        <BarChart
          height={240}
          margin={{ left: 0, right: 16, top: 16, bottom: 0 }}
          hideLegend
          skipAnimation
          xAxis={[
            {
              scaleType: 'band',
              // Room for the labels: in less, the chart shortens them to nothing.
              height: 32,
              data: figures.days.map((day) => day.date),
              valueFormatter: (date: string, context) =>
                context.location === 'tooltip' ? longDay(date) : shortDay(date),
              // A label every day over a week, every week beyond (the newest day always has one): chosen
              // rather than measured, so that they never overlap on a phone.
              tickLabelInterval: (_: string, index: number) =>
                (figures.days.length - 1 - index) % labelStep === 0,
            },
          ]}
          yAxis={[{ tickMinStep: 1, width: 36 }]}
          series={[{ data: figures.days.map((day) => day[shown]), label, color: PRIMARY_TEXT }]}
        />
      </Box>
    </Box>
  );
}

function DayTable({ figures }: { figures: PeriodFigures }) {
  return (
    <Box component="details" sx={{ mt: 2 }}>
      <Box component="summary" sx={{ cursor: 'pointer', fontWeight: 600, py: 1 }}>
        Voir le tableau
      </Box>
      {/* Seven columns do not fit a phone: the table scrolls on its own (by keyboard too), the page does not. */}
      <Box sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label="Tableau des chiffres par jour">
        <Table size="small" aria-label="Chiffres par jour">
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                Jour
              </TableCell>
              {STAT_LABELS.map(({ key, label }) => (
                <TableCell key={key} component="th" scope="col" align="right">
                  {label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {figures.days.map((day) => (
              <TableRow key={day.date}>
                <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                  {longDay(day.date)}
                </TableCell>
                {STAT_LABELS.map(({ key }) => (
                  <TableCell key={key} align="right">
                    {formatCount(day[key])}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
          <TableFooter>
            <TableRow>
              <TableCell component="th" scope="row">
                Total
              </TableCell>
              {STAT_LABELS.map(({ key }) => (
                <TableCell key={key} align="right">
                  {formatCount(figures.totals[key])}
                </TableCell>
              ))}
            </TableRow>
          </TableFooter>
        </Table>
      </Box>
    </Box>
  );
}

/**
 * A place's statistics: the period's toggle, its totals with their change, a chart per day and the same
 * figures as a table. `emptyHint` says how to bring visits when none was counted.
 */
export function StatsPanel({
  establishmentId,
  token,
  emptyHint,
  headingLevel = 'h2',
}: {
  establishmentId: string;
  token: string | undefined;
  emptyHint: ReactNode;
  headingLevel?: 'h2' | 'h3';
}) {
  const [days, setDays] = useState<StatPeriod>(30);
  const today = parisDay(new Date());
  const stats = useQuery({
    queryKey: ['establishments', 'stats', establishmentId, days, today],
    queryFn: ({ signal }) =>
      apiRequest('getEstablishmentStats', {
        token,
        params: { id: establishmentId },
        query: statsRange(today, days),
        signal,
      }),
    // The previous period's figures stay while the next are read: the screen does not jump.
    placeholderData: keepPreviousData,
  });
  // The period of the figures shown: the one asked before while the new one is read.
  const shownDays = stats.data === undefined ? days : ((stats.data.days.length / 2) as StatPeriod);
  const figures = stats.data === undefined ? null : periodFigures(stats.data, shownDays);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
      <ToggleButtonGroup
        exclusive
        size="small"
        color="primary"
        aria-label="Période"
        value={days}
        onChange={(_, value: StatPeriod | null) => value !== null && setDays(value)}
      >
        {STAT_PERIODS.map((period) => (
          // The theme's orange is 3.3:1 on white: the chosen period's label in the darker one.
          <ToggleButton
            key={period}
            value={period}
            sx={{ px: 2, '&.Mui-selected': { color: 'primary.dark', fontWeight: 700 } }}
          >
            {period} jours
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Typography variant="body2" color="text.secondary">
        Les {shownDays} derniers jours, aujourd’hui compris. Les visites comptent dans la minute ; une vue par
        visiteur et par onglet, sans cookie ni donnée personnelle.
      </Typography>
      {stats.isError && (
        <Alert severity="error" role="alert">
          Les statistiques n’ont pas pu être chargées. Veuillez réessayer.
        </Alert>
      )}
      {figures === null && !stats.isError && (
        <Typography role="status" color="text.secondary">
          Chargement des statistiques…
        </Typography>
      )}
      {figures !== null && isEmpty(figures.totals) && (
        <Alert severity="info" role="status">
          <Typography sx={{ fontWeight: 600 }}>Pas encore de visites comptées sur cette période.</Typography>
          <Typography variant="body2">{emptyHint}</Typography>
        </Alert>
      )}
      {figures !== null && !(isEmpty(figures.totals) && isEmpty(figures.previous)) && (
        <>
          <Typography variant="h2" component={headingLevel}>
            Sur {shownDays} jours
          </Typography>
          <Totals figures={figures} days={shownDays} />
        </>
      )}
      {figures !== null && !isEmpty(figures.totals) && (
        <>
          <Typography variant="h2" component={headingLevel}>
            Jour par jour
          </Typography>
          <DayChart figures={figures} />
          <DayTable figures={figures} />
        </>
      )}
    </Box>
  );
}
