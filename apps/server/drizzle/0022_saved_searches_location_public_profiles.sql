CREATE TABLE "public_profiles" (
	"profile_id" uuid PRIMARY KEY NOT NULL,
	"sections" text[] NOT NULL,
	"allow_indexing" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "public_profiles_sections_check" CHECK (sections <@ ARRAY['sport', 'career', 'awards', 'availability', 'highlights']::text[])
);
--> statement-breakpoint
CREATE TABLE "saved_search_hits" (
	"search_id" uuid NOT NULL,
	"athlete_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_search_hits_search_id_athlete_id_pk" PRIMARY KEY("search_id","athlete_id")
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"name" text NOT NULL,
	"filters" jsonb NOT NULL,
	"alerts" boolean DEFAULT true NOT NULL,
	"alerts_since" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"checked_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_searches_name_check" CHECK (char_length("saved_searches"."name") BETWEEN 1 AND 60)
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" DROP CONSTRAINT "notification_preferences_kind_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "athlete_profiles" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "athlete_profiles" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "athlete_profiles" ADD COLUMN "available_since" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "open_to_offers" ADD COLUMN "created_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "public_profiles" ADD CONSTRAINT "public_profiles_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_hits" ADD CONSTRAINT "saved_search_hits_search_id_saved_searches_id_fk" FOREIGN KEY ("search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_hits" ADD CONSTRAINT "saved_search_hits_athlete_id_profiles_id_fk" FOREIGN KEY ("athlete_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "saved_search_hits_athlete_idx" ON "saved_search_hits" USING btree ("athlete_id");--> statement-breakpoint
CREATE INDEX "saved_searches_profile_idx" ON "saved_searches" USING btree ("profile_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "saved_searches_profile_name_key" ON "saved_searches" USING btree ("profile_id",lower("name"));--> statement-breakpoint
CREATE INDEX "saved_searches_due_idx" ON "saved_searches" USING btree ("checked_at") WHERE "saved_searches"."alerts";--> statement-breakpoint
CREATE INDEX "athlete_profiles_country_idx" ON "athlete_profiles" USING btree (lower("country"));--> statement-breakpoint
CREATE INDEX "athlete_profiles_city_idx" ON "athlete_profiles" USING btree (lower("city"));--> statement-breakpoint
CREATE INDEX "athlete_profiles_available_since_idx" ON "athlete_profiles" USING btree ("available_since") WHERE "athlete_profiles"."available_since" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "open_to_offers_created_idx" ON "open_to_offers" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_kind_check" CHECK (kind IN ('follow', 'like', 'comment', 'repost', 'mention', 'application', 'verification', 'application_update', 'offer_update', 'moderation', 'scout_alert', 'message'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK (kind IN ('follow', 'like', 'comment', 'repost', 'mention', 'application', 'verification', 'application_update', 'offer_update', 'moderation', 'scout_alert'));--> statement-breakpoint
-- When availability turns to Available (and null while it is not): saved searches alert about an
-- athlete who starts matching. A save that keeps Available keeps the time.
CREATE FUNCTION athlete_available_since() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.availability_status = 'Available' THEN
    IF TG_OP = 'INSERT' OR OLD.availability_status IS DISTINCT FROM 'Available' THEN
      NEW.available_since := now();
    ELSE
      NEW.available_since := OLD.available_since;
    END IF;
  ELSE
    NEW.available_since := NULL;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER athlete_profiles_available_since BEFORE INSERT OR UPDATE OF availability_status
  ON "athlete_profiles" FOR EACH ROW EXECUTE FUNCTION athlete_available_since();--> statement-breakpoint
UPDATE "athlete_profiles" SET available_since = updated_at WHERE availability_status = 'Available';
