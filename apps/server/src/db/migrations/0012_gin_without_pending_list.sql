-- Discovery reads these GIN indexes on every page. With fast update, each profile write (a bio, a
-- language, last activity) queues its entries in a pending list that every scan reads in full
-- until a vacuum merges it: after 20,000 profile writes the first page took 30-40 ms instead of
-- 10. Entries now go straight into the index, and what is queued is merged once here.
ALTER INDEX "profiles_spoken_codes_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "profiles_learning_codes_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "profiles_interests_idx" SET (fastupdate = false);--> statement-breakpoint
SELECT gin_clean_pending_list('profiles_spoken_codes_idx'::regclass), gin_clean_pending_list('profiles_learning_codes_idx'::regclass), gin_clean_pending_list('profiles_interests_idx'::regclass);
