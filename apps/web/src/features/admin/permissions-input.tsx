import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormHelperText from '@mui/material/FormHelperText';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useInput } from 'react-admin';
import { ACTIONS, SUBJECTS, type Action, type Subject } from '@tables-voisines/contract/schemas/permission';
import { useAbility } from './ability-context';
import { fieldErrorText } from './form-errors';
import { hasPermission, togglePermission, type PermissionPair } from './permission-matrix';

export const ACTION_LABELS: Record<Action, string> = {
  manage: 'Tout gérer',
  read: 'Lire',
  create: 'Créer',
  update: 'Modifier',
  delete: 'Supprimer',
  export: 'Exporter',
  share: 'Partager',
};

export const SUBJECT_LABELS: Record<Subject, string> = {
  all: 'Tout',
  establishment: 'Établissements',
  admin: 'Administrateurs',
  'restaurant-owner': 'Restaurateurs',
  group: 'Groupes',
  category: 'Catégories',
  'menu-board': 'Ardoises',
};

/** The subjects stay in view while the grid scrolls sideways on a phone. */
const SUBJECT_COLUMN = { position: 'sticky', left: 0, zIndex: 1, bgcolor: 'background.paper' } as const;

/** The permissions as a grid of action × subject check boxes; a permission the editor lacks is greyed. */
export function PermissionsInput() {
  const ability = useAbility();
  const { field, fieldState } = useInput({ source: 'permissions', defaultValue: [] });
  const value = (field.value ?? []) as PermissionPair[];
  const permissionsError = fieldErrorText(fieldState.error);
  return (
    <>
      <Typography variant="h2" sx={{ mt: 2, mb: 1 }} id="permissions-title">
        Permissions
      </Typography>
      {/* Seven actions are wider than a phone: the grid scrolls on its own, not the page. */}
      <Box sx={{ maxWidth: '100%', overflowX: 'auto' }}>
        <Table size="small" aria-labelledby="permissions-title" sx={{ maxWidth: 900 }}>
          <TableHead>
            <TableRow>
              <TableCell sx={SUBJECT_COLUMN}>Sujet</TableCell>
              {ACTIONS.map((action) => (
                <TableCell key={action} align="center">
                  {ACTION_LABELS[action]}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {SUBJECTS.map((subject) => (
              <TableRow key={subject}>
                <TableCell component="th" scope="row" sx={SUBJECT_COLUMN}>
                  {SUBJECT_LABELS[subject]}
                </TableCell>
                {ACTIONS.map((action) => {
                  const granted = hasPermission(value, action, subject);
                  const grantable = ability.can(action, subject);
                  return (
                    <TableCell key={action} align="center" padding="checkbox">
                      <Checkbox
                        checked={granted}
                        disabled={!grantable && !granted}
                        onChange={() => field.onChange(togglePermission(value, action, subject))}
                        slotProps={{
                          input: {
                            'aria-label': `${ACTION_LABELS[action]} : ${SUBJECT_LABELS[subject]}`,
                          },
                        }}
                      />
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      {permissionsError !== undefined && <FormHelperText error>{permissionsError}</FormHelperText>}
    </>
  );
}
