import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Box from '@mui/material/Box';
import { TabbedForm, useFormGroup, type FormTabProps } from 'react-admin';

/** Read by screen readers, not shown. */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: '-1px',
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

function TabLabel({ label, group }: { label: string; group: string }) {
  const { isValid } = useFormGroup(group);
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      {!isValid && <ErrorOutlineIcon fontSize="small" />}
      {label}
      {!isValid && (
        <Box component="span" sx={VISUALLY_HIDDEN}>
          {' (à corriger)'}
        </Box>
      )}
    </Box>
  );
}

/**
 * A tab of a `TabbedForm` that says it holds an error by more than its colour (WCAG 1.4.1): an icon before
 * its name, and « (à corriger) » in its accessible name. react-admin only turns its text to the error
 * colour, which beside the theme's orange was hard to tell apart.
 */
export function FormTab(props: FormTabProps) {
  const { intent, label, value } = props;
  if (intent !== 'header' || typeof label !== 'string' || value === undefined)
    return <TabbedForm.Tab {...props} />;
  // The header's group is the tab's value, as react-admin names the group of its content.
  return <TabbedForm.Tab {...props} label={<TabLabel label={label} group={String(value)} />} />;
}
