import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';

export interface SharePost {
  /** Absolute address of the image the network downloads. */
  imageUrl: string;
  /** French text shown with the photo. */
  caption: string;
}

export interface ShareResult {
  /** The network's id of the post; `null` in a dry run. */
  postId: string | null;
  dryRun: boolean;
}

/** The social network could not be reached or refused the post. */
export class ShareError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'ShareError';
  }
}

/** Posts a photo to the site's social network page. */
export interface PhotoShare {
  readonly kind: 'facebook' | 'dry-run';
  sharePhoto(post: SharePost, log: FastifyBaseLogger): Promise<ShareResult>;
}

/** No page configured: the post is only logged (and recorded in the history by the caller). */
export class DryRunShare implements PhotoShare {
  readonly kind = 'dry-run';
  async sharePhoto(post: SharePost, log: FastifyBaseLogger): Promise<ShareResult> {
    log.info(
      { imageUrl: post.imageUrl, caption: post.caption },
      'share dry run (no FACEBOOK_PAGE_ID): not posted',
    );
    return { postId: null, dryRun: true };
  }
}

/** The Graph API's page photo post: `POST {graph}/{page-id}/photos` with `url`, `caption`, `access_token`. */
export class FacebookShare implements PhotoShare {
  readonly kind = 'facebook';
  /** How long to wait for the Graph API, in milliseconds. */
  timeoutMs = 15_000;

  constructor(private readonly facebook: NonNullable<Config['facebook']>) {}

  async sharePhoto(post: SharePost, log: FastifyBaseLogger): Promise<ShareResult> {
    const url = `${this.facebook.graphUrl}/${encodeURIComponent(this.facebook.pageId)}/photos`;
    const body = new URLSearchParams({
      url: post.imageUrl,
      caption: post.caption,
      access_token: this.facebook.pageToken,
    });
    let response: Response;
    try {
      response = await fetch(url, { method: 'POST', body, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      throw new ShareError(
        timedOut
          ? `graph api timed out after ${this.timeoutMs} ms`
          : `graph api unreachable: ${(error as Error).message}`,
        null,
      );
    }
    const text = await response.text();
    let json: { id?: unknown; post_id?: unknown; error?: { message?: unknown } } = {};
    try {
      json = JSON.parse(text) as typeof json;
    } catch {
      // An answer that is not JSON is treated as a refusal below.
    }
    if (!response.ok || json.error !== undefined) {
      throw new ShareError(
        `graph api answered ${response.status}: ${String(json.error?.message ?? text.slice(0, 200))}`,
        response.status,
      );
    }
    const postId =
      typeof json.post_id === 'string' ? json.post_id : typeof json.id === 'string' ? json.id : null;
    log.info({ postId }, 'photo shared on the facebook page');
    return { postId, dryRun: false };
  }
}

export function createPhotoShare(config: Config): PhotoShare {
  return config.facebook === undefined ? new DryRunShare() : new FacebookShare(config.facebook);
}
