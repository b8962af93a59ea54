-- The outbox of older versions goes (decision 0079): a write's mails are jobs of the queue since the version
-- before this one, which, at its start, moved the mails still waiting here onto the queue. A migration cannot
-- do that move (the queue's tables are made at its first start, after the migrations), so it refuses to drop
-- rows: a database that still holds some is upgraded by starting the previous version once (it moves those
-- waiting), then reading and deleting those the old outbox had given up on (`failed_at` set). Nothing is lost
-- on the way; the whole migration is undone with the error.
DO $$
DECLARE
  waiting bigint;
  given_up bigint;
BEGIN
  SELECT count(*) FILTER (WHERE failed_at IS NULL), count(*) FILTER (WHERE failed_at IS NOT NULL)
    INTO waiting, given_up FROM side_effects;
  IF waiting + given_up > 0 THEN
    RAISE object_not_in_prerequisite_state USING
      MESSAGE = format('side_effects still holds %s mail(s) waiting and %s given up on', waiting, given_up),
      HINT = 'Start the previous version once (it moves the waiting mails onto the job queue), read and delete '
        || 'the rows whose failed_at is set, then start this version again (docs/operations.md, '
        || '« Background and scheduled jobs »).';
  END IF;
END
$$;--> statement-breakpoint
DROP TABLE "side_effects";
