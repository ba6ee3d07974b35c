CREATE TABLE "application_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"stage" text NOT NULL,
	"moved_by" text NOT NULL,
	"actor_id" uuid,
	"message" text,
	"trial_at" timestamp (3) with time zone,
	"trial_place" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_events_stage_check" CHECK (stage IN ('pending', 'viewed', 'shortlisted', 'trial', 'offered', 'signed', 'declined', 'withdrawn')),
	CONSTRAINT "application_events_moved_by_check" CHECK (moved_by IN ('poster', 'athlete', 'system')),
	CONSTRAINT "application_events_message_check" CHECK (char_length("application_events"."message") <= 1000)
);
--> statement-breakpoint
CREATE TABLE "application_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_notes_body_check" CHECK (char_length("application_notes"."body") BETWEEN 1 AND 2000)
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" DROP CONSTRAINT "notification_preferences_kind_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "offer_applications" DROP CONSTRAINT "offer_applications_status_check";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "subject_title" text;--> statement-breakpoint
ALTER TABLE "athlete_offers" ADD COLUMN "updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "athlete_offers" ADD COLUMN "closed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "athlete_offers" ADD COLUMN "deadline" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "athlete_offers" ADD COLUMN "places" integer;--> statement-breakpoint
ALTER TABLE "athlete_offers" ADD COLUMN "signed_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "offer_applications" ADD COLUMN "stage_changed_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "application_events" ADD CONSTRAINT "application_events_application_id_offer_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."offer_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_events" ADD CONSTRAINT "application_events_actor_id_profiles_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_notes" ADD CONSTRAINT "application_notes_application_id_offer_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."offer_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_notes" ADD CONSTRAINT "application_notes_author_id_profiles_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_events_application_idx" ON "application_events" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "application_notes_application_idx" ON "application_notes" USING btree ("application_id","created_at");--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_kind_check" CHECK (kind IN ('follow', 'like', 'comment', 'repost', 'mention', 'application', 'verification', 'application_update', 'offer_update', 'message'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK (kind IN ('follow', 'like', 'comment', 'repost', 'mention', 'application', 'verification', 'application_update', 'offer_update'));--> statement-breakpoint
ALTER TABLE "athlete_offers" ADD CONSTRAINT "athlete_offers_places_check" CHECK ("athlete_offers"."places" IS NULL OR "athlete_offers"."places" BETWEEN 1 AND 999);--> statement-breakpoint
ALTER TABLE "athlete_offers" ADD CONSTRAINT "athlete_offers_signed_count_check" CHECK ("athlete_offers"."signed_count" >= 0);--> statement-breakpoint
-- The spec's statuses become stages, and every application gets its first history entry.
UPDATE "offer_applications" SET "status" = CASE "status" WHEN 'reviewed' THEN 'viewed' WHEN 'accepted' THEN 'offered' WHEN 'rejected' THEN 'declined' ELSE "status" END, "stage_changed_at" = "created_at";--> statement-breakpoint
INSERT INTO "application_events" ("application_id", "stage", "moved_by", "actor_id", "created_at") SELECT "id", 'pending', 'athlete', "applicant_id", "created_at" FROM "offer_applications";--> statement-breakpoint
INSERT INTO "application_events" ("application_id", "stage", "moved_by", "created_at") SELECT "id", "status", 'poster', "created_at" FROM "offer_applications" WHERE "status" <> 'pending';--> statement-breakpoint
UPDATE "athlete_offers" SET "updated_at" = "created_at";--> statement-breakpoint
ALTER TABLE "offer_applications" ADD CONSTRAINT "offer_applications_status_check" CHECK (status IN ('pending', 'viewed', 'shortlisted', 'trial', 'offered', 'signed', 'declined', 'withdrawn'));