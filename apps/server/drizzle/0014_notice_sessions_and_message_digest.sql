ALTER TABLE "notification_preferences" ADD COLUMN "digested_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD COLUMN "session_id" uuid;