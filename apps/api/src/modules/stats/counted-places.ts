import { eq } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client';
import type { DataVersion } from '../../lib/data-version';
import { establishments } from '../../db/schema';

/**
 * Whether an establishment's events are counted (it exists and is not hidden), asked once per place and data
 * version rather than once per event: a burst of views of one page reads the database once. Unknown ids are
 * remembered too, so a flood of made-up ids costs one read each at most until the next write.
 */
export class CountedPlaces {
  readonly #known = new LRUCache<string, boolean>({ max: 100_000 });

  constructor(
    private readonly db: Db,
    dataVersion: DataVersion,
  ) {
    dataVersion.onChange(() => this.#known.clear());
  }

  async counted(establishmentId: string): Promise<boolean> {
    const known = this.#known.get(establishmentId);
    if (known !== undefined) return known;
    const [row] = await this.db
      .select({ disabled: establishments.disabled })
      .from(establishments)
      .where(eq(establishments.id, establishmentId));
    const counted = row !== undefined && !row.disabled;
    this.#known.set(establishmentId, counted);
    return counted;
  }
}
