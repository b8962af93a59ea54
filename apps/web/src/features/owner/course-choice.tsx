import Box from '@mui/material/Box';
import FormHelperText from '@mui/material/FormHelperText';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useId, type Ref } from 'react';
import { COURSES, COURSE_NAMES, type Course } from '@tables-voisines/contract/courses';

/*
 * The courses as the owner's form offers them: four buttons side by side, « Entrée · Plat · Dessert · Autre »,
 * each one tap. A dish's course is one of them or none (a tap on the chosen one takes it back); a formule's
 * combination is several.
 */

/** A course on a button: « Entrée », « Plat »… */
export const courseLabel = (course: Course) =>
  COURSE_NAMES[course].charAt(0).toLocaleUpperCase('fr') + COURSE_NAMES[course].slice(1);

const buttons = (error: boolean, firstRef?: Ref<HTMLButtonElement>) =>
  COURSES.map((course, index) => (
    <ToggleButton
      key={course}
      value={course}
      // The first button takes the focus when the choice is wrong (the form's first field to correct).
      ref={index === 0 ? firstRef : undefined}
      aria-invalid={index === 0 && error ? true : undefined}
      sx={{ textTransform: 'none', py: 0.5, px: 0.5, minWidth: 0 }}
    >
      {courseLabel(course)}
    </ToggleButton>
  ));

const groupSx = {
  '& .MuiToggleButton-root.Mui-selected': {
    bgcolor: 'primary.main',
    color: 'primary.contrastText',
    '&:hover': { bgcolor: 'primary.dark' },
  },
} as const;

/** One course or none, for a dish: `label` is said above the four buttons. */
export function CourseChoice({
  label,
  value,
  onChange,
  error,
  firstRef,
}: {
  label: string;
  value: Course | null;
  onChange: (course: Course | null) => void;
  error?: string;
  firstRef?: Ref<HTMLButtonElement>;
}) {
  const id = useId();
  return (
    <Box sx={{ display: 'grid', gap: 0.5 }}>
      <Typography id={`${id}-label`} component="span" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <ToggleButtonGroup
        exclusive
        fullWidth
        size="small"
        color="primary"
        value={value}
        onChange={(_event, next: Course | null) => onChange(next)}
        aria-labelledby={`${id}-label`}
        aria-describedby={error === undefined ? undefined : `${id}-error`}
        sx={groupSx}
      >
        {buttons(error !== undefined, firstRef)}
      </ToggleButtonGroup>
      {error !== undefined && (
        <FormHelperText id={`${id}-error`} error>
          {error}
        </FormHelperText>
      )}
    </Box>
  );
}

/** The courses of one combination of a formule, several at once (« Entrée + plat »). */
export function CoursesChoice({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: readonly Course[];
  onChange: (courses: Course[]) => void;
  error?: string;
}) {
  const id = useId();
  return (
    <Box sx={{ display: 'grid', gap: 0.5, minWidth: 0 }}>
      <ToggleButtonGroup
        fullWidth
        size="small"
        color="primary"
        value={[...value]}
        // In the order a board reads them, whatever the order tapped.
        onChange={(_event, next: Course[]) => onChange(COURSES.filter((course) => next.includes(course)))}
        aria-label={label}
        aria-describedby={error === undefined ? undefined : `${id}-error`}
        sx={groupSx}
      >
        {buttons(error !== undefined)}
      </ToggleButtonGroup>
      {error !== undefined && (
        <FormHelperText id={`${id}-error`} error>
          {error}
        </FormHelperText>
      )}
    </Box>
  );
}
