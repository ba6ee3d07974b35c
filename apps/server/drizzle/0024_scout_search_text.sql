DROP INDEX "athlete_profiles_about_trgm_idx";--> statement-breakpoint
DROP INDEX "career_history_team_trgm_idx";--> statement-breakpoint
ALTER TABLE "athlete_profiles" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- What scout search's free text matches: the name on the first line (a line break in a name
-- becomes a space, so the first line is the whole name), the about text, then the career's team
-- names, all lower-cased.
CREATE FUNCTION athlete_search_text(profile uuid, about text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT lower(concat_ws(E'\n',
    (SELECT translate(full_name, E'\n\r', '  ') FROM profiles WHERE id = profile),
    about,
    (SELECT string_agg(team_name, ' ' ORDER BY team_name) FROM career_history
      WHERE profile_id = profile)))
$$;--> statement-breakpoint
-- The CV's own row: written before it is stored, so no second update.
CREATE FUNCTION athlete_search_text_own() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := athlete_search_text(NEW.profile_id, NEW.about_player);
  RETURN NEW;
END;
$$;--> statement-breakpoint
-- A team or the name changed: only search_text is written, so the CV's triggers on its fields
-- (activity, completeness) do not fire.
CREATE FUNCTION athlete_search_text_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target uuid;
BEGIN
  IF TG_TABLE_NAME = 'profiles' THEN
    target := NEW.id;
  ELSIF TG_OP = 'DELETE' THEN
    target := OLD.profile_id;
  ELSE
    target := NEW.profile_id;
  END IF;
  UPDATE athlete_profiles SET search_text = athlete_search_text(profile_id, about_player)
    WHERE profile_id = target
      AND search_text IS DISTINCT FROM athlete_search_text(profile_id, about_player);
  -- A season moved to another athlete (never done by the app, but possible): the first too.
  IF TG_TABLE_NAME = 'career_history' AND TG_OP = 'UPDATE' THEN
    IF OLD.profile_id <> NEW.profile_id THEN
      UPDATE athlete_profiles SET search_text = athlete_search_text(profile_id, about_player)
        WHERE profile_id = OLD.profile_id;
    END IF;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER athlete_profiles_search_text BEFORE INSERT OR UPDATE OF about_player
  ON "athlete_profiles" FOR EACH ROW EXECUTE FUNCTION athlete_search_text_own();--> statement-breakpoint
CREATE TRIGGER career_history_search_text AFTER INSERT OR DELETE OR UPDATE OF team_name, profile_id
  ON "career_history" FOR EACH ROW EXECUTE FUNCTION athlete_search_text_refresh();--> statement-breakpoint
CREATE TRIGGER profiles_search_text AFTER UPDATE OF full_name ON "profiles"
  FOR EACH ROW EXECUTE FUNCTION athlete_search_text_refresh();--> statement-breakpoint
UPDATE "athlete_profiles" SET search_text = athlete_search_text(profile_id, about_player);--> statement-breakpoint
CREATE INDEX "athlete_profiles_search_text_trgm_idx" ON "athlete_profiles" USING gin ("search_text" gin_trgm_ops);
