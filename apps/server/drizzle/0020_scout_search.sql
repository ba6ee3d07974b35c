ALTER TABLE "athlete_profiles" ADD COLUMN "positions" text[] GENERATED ALWAYS AS (array_remove(regexp_split_to_array(lower(btrim(coalesce(main_position, '') || ',' || coalesce(other_positions, ''))), '[[:space:]]*,[[:space:]]*'), '')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "athlete_profiles" ADD COLUMN "nationality_list" text[] GENERATED ALWAYS AS (array_remove(regexp_split_to_array(lower(btrim(coalesce(nationalities, ''))), '[[:space:]]*,[[:space:]]*'), '')) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "athlete_profiles_positions_idx" ON "athlete_profiles" USING gin ("positions");--> statement-breakpoint
CREATE INDEX "athlete_profiles_nationalities_idx" ON "athlete_profiles" USING gin ("nationality_list");--> statement-breakpoint
CREATE INDEX "athlete_profiles_birthdate_idx" ON "athlete_profiles" USING btree ("birthdate");--> statement-breakpoint
CREATE INDEX "athlete_profiles_height_idx" ON "athlete_profiles" USING btree ("height_cm");--> statement-breakpoint
CREATE INDEX "athlete_profiles_weight_idx" ON "athlete_profiles" USING btree ("weight_kg");--> statement-breakpoint
CREATE INDEX "athlete_profiles_activity_idx" ON "athlete_profiles" USING btree ("updated_at" DESC NULLS FIRST,"profile_id");--> statement-breakpoint
CREATE INDEX "athlete_profiles_about_trgm_idx" ON "athlete_profiles" USING gin ("about_player" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "career_history_team_trgm_idx" ON "career_history" USING gin ("team_name" gin_trgm_ops);