import type { FastifyBaseLogger } from 'fastify';
import { eq } from 'drizzle-orm';
import { AppError } from '@tables-voisines/contract/errors';
import { toName } from '@tables-voisines/contract/french-names';
import { establishmentPath } from '@tables-voisines/contract/site-paths';
import { ShareError } from '../../adapters/share/share';
import { variantKey } from '../../adapters/storage/storage';
import type { AppContext } from '../../context';
import { databaseNow, establishments } from '../../db/schema';
import { getEstablishment } from '../establishments/establishments.service';
import type { EstablishmentRow } from '../establishments/establishments.queries';
import { etagOf, preconditionFailed, preconditionHolds } from '../../writes/preconditions';
import { write, type WriteConditions } from '../../writes/write';
import type { Actor } from '../history/history';
import { recordEstablishmentChange } from '../establishments/record-establishment-change';

/** The 1200 × 630 copy made for sharing when the photo is ours, the photo itself otherwise. */
function imageUrlOf(ctx: AppContext, photoUrl: string): string {
  const key = ctx.storage.keyOf(photoUrl);
  if (key !== null) return ctx.storage.absoluteUrlOf(variantKey(key, 'social'));
  return /^https?:\/\//i.test(photoUrl) ? photoUrl : `${ctx.config.publicUrl}${photoUrl}`;
}

export function shareCaption(ctx: AppContext, row: EstablishmentRow): string {
  const page = `${ctx.config.publicUrl}${establishmentPath(row.kind, row.uri)}`;
  return `${row.name} ${toName(row.town)} : découvrez cet établissement local sur ${ctx.config.site.name} !\n${page}`;
}

/**
 * Posts the establishment's photo with a French caption on the site's page, then marks the photo as
 * shared. Without a configured page it is a dry run (`dryRun: true`): logged, recorded as such in the
 * history (« essai, rien publié »), flagged the same way so that the whole flow can be tried.
 */
export async function shareEstablishment(
  ctx: AppContext,
  actor: Actor,
  id: string,
  log: FastifyBaseLogger,
  conditions: WriteConditions = {},
): Promise<{ row: EstablishmentRow; dryRun: boolean }> {
  const row = await getEstablishment(ctx, id);
  // Checked before posting: a post cannot be taken back once the write is refused.
  if (!preconditionHolds(conditions, etagOf(row))) throw preconditionFailed();
  if (row.photoUrl === null) throw new AppError('NoPhoto', 'Ajoutez d’abord une photo à cet établissement.');
  const photoUrl = row.photoUrl;
  let result;
  try {
    result = await ctx.share.sharePhoto(
      { imageUrl: imageUrlOf(ctx, photoUrl), caption: shareCaption(ctx, row) },
      log,
    );
  } catch (error) {
    if (!(error instanceof ShareError)) throw error;
    log.warn({ err: error, establishment: row.id }, 'photo share failed');
    throw new AppError(
      'ShareFailed',
      error.status === null
        ? 'Le réseau social n’a pas répondu : réessayez dans quelques instants.'
        : 'Le réseau social a refusé la publication de cette photo.',
    );
  }
  await write(ctx, { actor }, async (w) => {
    await w.tx
      .update(establishments)
      .set({ photoIsFacebookShared: true, updatedAt: databaseNow() })
      .where(eq(establishments.id, row.id));
    await recordEstablishmentChange(w, row.id, 'share', [
      { field: 'photo.isFacebookShared', from: row.photoIsFacebookShared, to: true },
      { field: 'facebookPost', from: null, to: result.dryRun ? 'dry-run' : result.postId },
    ]);
  });
  return { row: await getEstablishment(ctx, row.id), dryRun: result.dryRun };
}
