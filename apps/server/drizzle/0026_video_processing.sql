CREATE TABLE "highlights" (
	"profile_id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "highlights_profile_id_post_id_pk" PRIMARY KEY("profile_id","post_id"),
	CONSTRAINT "highlights_position_check" CHECK ("highlights"."position" BETWEEN 0 AND 5)
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" DROP CONSTRAINT "notification_preferences_kind_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "media_status" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "media_file_id" uuid;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "media_duration_ms" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "media_poster_path" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "media_small_path" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "media_status" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "media_file_id" uuid;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "media_duration_ms" integer;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "media_poster_path" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "media_small_path" text;--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "video_status" text;--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "source_key" text;--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "duration_ms" integer;--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "poster_path" text;--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "small_path" text;--> statement-breakpoint
ALTER TABLE "highlights" ADD CONSTRAINT "highlights_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "highlights" ADD CONSTRAINT "highlights_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "highlights_post_idx" ON "highlights" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "messages_media_file_idx" ON "messages" USING btree ("media_file_id") WHERE media_file_id IS NOT NULL;--> statement-breakpoint
CREATE INDEX "posts_media_file_idx" ON "posts" USING btree ("media_file_id") WHERE media_file_id IS NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_media_status_check" CHECK ("messages"."media_status" IS NULL OR media_status IN ('processing', 'ready', 'failed'));--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_kind_check" CHECK (kind IN ('follow', 'like', 'comment', 'repost', 'mention', 'application', 'verification', 'application_update', 'offer_update', 'moderation', 'scout_alert', 'camp_registration', 'camp_cancellation', 'camp_update', 'video', 'message'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK (kind IN ('follow', 'like', 'comment', 'repost', 'mention', 'application', 'verification', 'application_update', 'offer_update', 'moderation', 'scout_alert', 'camp_registration', 'camp_cancellation', 'camp_update', 'video'));--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_media_status_check" CHECK ("posts"."media_status" IS NULL OR media_status IN ('processing', 'ready', 'failed'));--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_video_status_check" CHECK ("stored_files"."video_status" IS NULL OR video_status IN ('processing', 'ready', 'failed'));