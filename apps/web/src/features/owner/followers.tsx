import NotificationsIcon from '@mui/icons-material/Notifications';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { formatFrenchDay } from '../../lib/format';

/*
 * How many people follow the owner's page (issue 51): a count, nothing else (`GET
 * /api/establishment/{id}/followers`), on « Mon espace », and in the confirmation of a board published.
 */

const count = (n: number) => n.toLocaleString('fr-FR');

/** « 12 abonnés », « 1 abonné », « Personne ne suit encore votre page ». */
export function followersText(followers: number): string {
  if (followers === 0) return 'Personne ne suit encore votre page';
  return `${count(followers)}\u00a0${followers === 1 ? 'abonné' : 'abonnés'}`;
}

/**
 * What publishing a board tells of them: « 12 abonnés seront prévenus. », « 1 abonné sera prévenu. »; for a
 * board of a later day, « … le matin du samedi 21 novembre. »; nothing without a follower.
 * `laterDay`: the board's Paris day when it is after today, `null` for today's.
 */
export function followersToldText(followers: number, laterDay: string | null): string | null {
  if (followers === 0) return null;
  const when = laterDay === null ? '' : ` le matin du ${formatFrenchDay(laterDay)}`;
  return followers === 1
    ? `1\u00a0abonné sera prévenu${when}.`
    : `${count(followers)}\u00a0abonnés seront prévenus${when}.`;
}

/** Under the count: what following the page brings. */
export function followersMeaning(followers: number | undefined): string {
  const what = 'une notification quand vous publiez l’ardoise du jour.';
  if (followers === undefined) return `Vos abonnés reçoivent ${what}`;
  if (followers === 0)
    return `Les visiteurs qui suivent votre page (bouton «\u00a0Suivre\u00a0») reçoivent ${what}`;
  return followers === 1 ? `Il reçoit ${what}` : `Ils reçoivent ${what}`;
}

export function followersQueryKey(establishmentId: string) {
  return ['owner', 'followers', establishmentId] as const;
}

/** The count, through the owners' query cache; `undefined` while it comes, or when it could not be read. */
export function useFollowersCount(token: string, establishmentId: string): number | undefined {
  const { data } = useQuery({
    queryKey: followersQueryKey(establishmentId),
    queryFn: ({ signal }) =>
      apiRequest('getEstablishmentFollowers', { token, params: { id: establishmentId }, signal }),
    staleTime: 60_000,
    // A count beside the owner's work: not worth asking again and again when the server cannot answer.
    retry: false,
  });
  return data?.followers;
}

/** « Mon espace »: the count, and what following means, in a line that keeps its height while it comes. */
export function FollowersLine({ token, establishmentId }: { token: string; establishmentId: string }) {
  const followers = useFollowersCount(token, establishmentId);
  return (
    <Box
      component="section"
      aria-label="Abonnés"
      sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', mb: 3, minHeight: 48 }}
    >
      <NotificationsIcon color="action" sx={{ mt: 0.25 }} />
      <div>
        <Typography sx={{ fontWeight: 600 }}>
          {followers === undefined ? 'Abonnés' : followersText(followers)}
        </Typography>
        <Typography color="text.secondary">{followersMeaning(followers)}</Typography>
      </div>
    </Box>
  );
}
