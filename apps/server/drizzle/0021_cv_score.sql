ALTER TABLE "athlete_profiles" ADD COLUMN "cv_score" numeric(4, 1) DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "athlete_profiles_cv_score_idx" ON "athlete_profiles" USING btree ("cv_score" DESC NULLS FIRST,"updated_at" DESC NULLS FIRST,"profile_id" DESC NULLS FIRST);--> statement-breakpoint
-- The CV fill rate's weighted score (packages/shared/src/cv-fill-rate.ts, CV_WEIGHTS: the weights
-- below must stay the same; scouting.test.ts checks the order they give against the fill rate).
CREATE FUNCTION athlete_cv_score(profile uuid) RETURNS numeric LANGUAGE sql STABLE AS $$
  SELECT coalesce((
    SELECT (CASE WHEN coalesce(btrim(p.full_name), '') <> '' THEN 1 ELSE 0 END)
      + (CASE WHEN coalesce(btrim(p.bio), '') <> '' THEN 1 ELSE 0 END)
      + (CASE WHEN coalesce(btrim(p.avatar_url), '') <> '' THEN 1 ELSE 0 END)
      + (CASE WHEN coalesce(btrim(a.sport), '') <> '' THEN 1 ELSE 0 END)
      + (CASE WHEN coalesce(btrim(a.main_position), '') <> '' THEN 1 ELSE 0 END)
      + (CASE WHEN a.height_cm IS NOT NULL THEN 1 ELSE 0 END)
      + (CASE WHEN a.weight_kg IS NOT NULL THEN 1 ELSE 0 END)
      + (CASE WHEN a.birthdate IS NOT NULL THEN 1 ELSE 0 END)
      + (CASE WHEN coalesce(btrim(a.sex), '') <> '' THEN 1 ELSE 0 END)
      + (CASE WHEN coalesce(btrim(a.nationalities), '') <> '' THEN 1 ELSE 0 END)
      + (CASE WHEN coalesce(btrim(a.about_player), '') <> '' THEN 1 ELSE 0 END)
      + (CASE WHEN coalesce(btrim(a.availability_status), '') <> '' THEN 1 ELSE 0 END)
      + (CASE WHEN coalesce(btrim(a.other_positions), '') <> '' THEN 0.5 ELSE 0 END)
      + (CASE WHEN coalesce(btrim(a.arm_span), '') <> '' THEN 0.5 ELSE 0 END)
      + (CASE WHEN EXISTS (SELECT 1 FROM career_history c WHERE c.profile_id = p.id) THEN 2 ELSE 0 END)
      + (CASE WHEN EXISTS (SELECT 1 FROM awards w WHERE w.profile_id = p.id) THEN 1.5 ELSE 0 END)
    FROM profiles p JOIN athlete_profiles a ON a.profile_id = p.id WHERE p.id = profile), 0)
$$;--> statement-breakpoint
-- Recomputes the score of the athlete a changed row belongs to; only cv_score is written, so the
-- CV's own trigger (on its fields) does not fire again, and updated_at (activity) stays.
CREATE FUNCTION athlete_cv_score_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target uuid;
  score numeric;
BEGIN
  IF TG_TABLE_NAME = 'profiles' THEN
    target := NEW.id;
  ELSIF TG_OP = 'DELETE' THEN
    target := OLD.profile_id;
  ELSE
    target := NEW.profile_id;
  END IF;
  score := athlete_cv_score(target);
  UPDATE athlete_profiles SET cv_score = score
    WHERE profile_id = target AND cv_score IS DISTINCT FROM score;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER athlete_profiles_cv_score AFTER INSERT OR UPDATE OF sport, main_position,
  other_positions, height_cm, weight_kg, arm_span, birthdate, sex, nationalities, about_player,
  availability_status ON "athlete_profiles"
  FOR EACH ROW EXECUTE FUNCTION athlete_cv_score_refresh();--> statement-breakpoint
CREATE TRIGGER career_history_cv_score AFTER INSERT OR DELETE ON "career_history"
  FOR EACH ROW EXECUTE FUNCTION athlete_cv_score_refresh();--> statement-breakpoint
CREATE TRIGGER awards_cv_score AFTER INSERT OR DELETE ON "awards"
  FOR EACH ROW EXECUTE FUNCTION athlete_cv_score_refresh();--> statement-breakpoint
CREATE TRIGGER profiles_cv_score AFTER UPDATE OF full_name, bio, avatar_url ON "profiles"
  FOR EACH ROW EXECUTE FUNCTION athlete_cv_score_refresh();--> statement-breakpoint
UPDATE "athlete_profiles" SET cv_score = athlete_cv_score(profile_id);
