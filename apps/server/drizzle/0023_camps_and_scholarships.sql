CREATE TABLE "camp_registrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"camp_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "camp_registrations_status_check" CHECK (status IN ('interested', 'booked', 'waitlisted', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "camps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"posted_by" uuid NOT NULL,
	"title" text NOT NULL,
	"sport" text NOT NULL,
	"organizer" text NOT NULL,
	"description" text NOT NULL,
	"online" boolean DEFAULT false NOT NULL,
	"venue" text,
	"city" text,
	"country" text,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"age_min" integer,
	"age_max" integer,
	"level" text NOT NULL,
	"price_minor" integer DEFAULT 0 NOT NULL,
	"currency" text,
	"capacity" integer NOT NULL,
	"booked_count" integer DEFAULT 0 NOT NULL,
	"registration_deadline" timestamp (3) with time zone,
	"what_to_bring" text,
	"contact" text NOT NULL,
	"image_url" text,
	"image_path" text,
	"image_width" integer,
	"image_height" integer,
	"image_variant_widths" integer[],
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp (3) with time zone,
	CONSTRAINT "camps_sport_check" CHECK (sport IN ('football', 'basketball', 'tennis', 'american-football', 'rugby', 'padel', 'baseball', 'volleyball', 'hockey', 'athletics', 'badminton', 'beach-volleyball', 'boxing', 'cricket', 'cycling', 'futsal', 'golf', 'handball', 'martial-arts', 'swimming', 'table-tennis', 'water-polo', 'other')),
	CONSTRAINT "camps_level_check" CHECK (level IN ('beginner', 'intermediate', 'advanced', 'elite', 'all-levels')),
	CONSTRAINT "camps_currency_check" CHECK ("camps"."currency" IS NULL OR currency IN ('EUR', 'USD', 'GBP', 'CHF', 'CAD', 'AUD', 'BRL', 'MXN')),
	CONSTRAINT "camps_title_check" CHECK (char_length("camps"."title") BETWEEN 1 AND 120),
	CONSTRAINT "camps_description_check" CHECK (char_length("camps"."description") BETWEEN 1 AND 5000),
	CONSTRAINT "camps_dates_check" CHECK ("camps"."ends_on" >= "camps"."starts_on"),
	CONSTRAINT "camps_ages_check" CHECK (("camps"."age_min" IS NULL OR "camps"."age_min" BETWEEN 5 AND 99)
        AND ("camps"."age_max" IS NULL OR "camps"."age_max" BETWEEN 5 AND 99)
        AND ("camps"."age_min" IS NULL OR "camps"."age_max" IS NULL OR "camps"."age_min" <= "camps"."age_max")),
	CONSTRAINT "camps_price_check" CHECK ("camps"."price_minor" BETWEEN 0 AND 100000000 AND ("camps"."price_minor" = 0) = ("camps"."currency" IS NULL)),
	CONSTRAINT "camps_capacity_check" CHECK ("camps"."capacity" BETWEEN 1 AND 10000 AND "camps"."booked_count" BETWEEN 0 AND "camps"."capacity"),
	CONSTRAINT "camps_place_check" CHECK ("camps"."online" OR ("camps"."venue" IS NOT NULL AND "camps"."city" IS NOT NULL AND "camps"."country" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "scholarships" (
	"offer_id" uuid PRIMARY KEY NOT NULL,
	"country" text NOT NULL,
	"level" text NOT NULL,
	"coverage" text NOT NULL,
	"amount" text,
	"age_min" integer,
	"age_max" integer,
	"academic_requirements" text,
	"how_to_apply" text,
	CONSTRAINT "scholarships_level_check" CHECK (level IN ('high-school', 'ncaa-d1', 'ncaa-d2', 'ncaa-d3', 'naia', 'junior-college', 'university', 'academy')),
	CONSTRAINT "scholarships_coverage_check" CHECK (coverage IN ('full', 'partial', 'tuition', 'housing')),
	CONSTRAINT "scholarships_ages_check" CHECK (("scholarships"."age_min" IS NULL OR "scholarships"."age_min" BETWEEN 5 AND 99)
        AND ("scholarships"."age_max" IS NULL OR "scholarships"."age_max" BETWEEN 5 AND 99)
        AND ("scholarships"."age_min" IS NULL OR "scholarships"."age_max" IS NULL OR "scholarships"."age_min" <= "scholarships"."age_max"))
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" DROP CONSTRAINT "notification_preferences_kind_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "athlete_offers" ALTER COLUMN "contract_type" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "athlete_offers" ALTER COLUMN "salary" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "athlete_offers" ADD COLUMN "kind" text DEFAULT 'offer' NOT NULL;--> statement-breakpoint
ALTER TABLE "camp_registrations" ADD CONSTRAINT "camp_registrations_camp_id_camps_id_fk" FOREIGN KEY ("camp_id") REFERENCES "public"."camps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camp_registrations" ADD CONSTRAINT "camp_registrations_member_id_profiles_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "camps" ADD CONSTRAINT "camps_posted_by_profiles_id_fk" FOREIGN KEY ("posted_by") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scholarships" ADD CONSTRAINT "scholarships_offer_id_athlete_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."athlete_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "camp_registrations_camp_member_key" ON "camp_registrations" USING btree ("camp_id","member_id");--> statement-breakpoint
CREATE INDEX "camp_registrations_camp_status_idx" ON "camp_registrations" USING btree ("camp_id","status","created_at");--> statement-breakpoint
CREATE INDEX "camp_registrations_member_idx" ON "camp_registrations" USING btree ("member_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "camps_starts_on_idx" ON "camps" USING btree ("starts_on","id");--> statement-breakpoint
CREATE INDEX "camps_sport_starts_on_idx" ON "camps" USING btree ("sport","starts_on","id");--> statement-breakpoint
CREATE INDEX "camps_ends_on_idx" ON "camps" USING btree ("ends_on" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "camps_country_starts_on_idx" ON "camps" USING btree (lower("country"),"starts_on","id");--> statement-breakpoint
CREATE INDEX "camps_posted_by_idx" ON "camps" USING btree ("posted_by","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "scholarships_country_idx" ON "scholarships" USING btree (lower("country"));--> statement-breakpoint
CREATE INDEX "athlete_offers_scholarship_deadline_idx" ON "athlete_offers" USING btree ("deadline","id") WHERE "athlete_offers"."kind" = 'scholarship';--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_kind_check" CHECK (kind IN ('follow', 'like', 'comment', 'repost', 'mention', 'application', 'verification', 'application_update', 'offer_update', 'moderation', 'scout_alert', 'camp_registration', 'camp_cancellation', 'camp_update', 'message'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK (kind IN ('follow', 'like', 'comment', 'repost', 'mention', 'application', 'verification', 'application_update', 'offer_update', 'moderation', 'scout_alert', 'camp_registration', 'camp_cancellation', 'camp_update'));--> statement-breakpoint
ALTER TABLE "athlete_offers" ADD CONSTRAINT "athlete_offers_kind_check" CHECK (kind IN ('offer', 'scholarship'));--> statement-breakpoint
ALTER TABLE "athlete_offers" ADD CONSTRAINT "athlete_offers_kind_fields_check" CHECK (CASE "athlete_offers"."kind" WHEN 'offer' THEN "athlete_offers"."contract_type" IS NOT NULL AND "athlete_offers"."salary" IS NOT NULL
        ELSE "athlete_offers"."contract_type" IS NULL AND "athlete_offers"."salary" IS NULL AND "athlete_offers"."deadline" IS NOT NULL END);