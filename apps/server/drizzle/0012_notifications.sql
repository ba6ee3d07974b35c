CREATE TABLE "notification_preferences" (
	"profile_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"email" text NOT NULL,
	"push" boolean NOT NULL,
	CONSTRAINT "notification_preferences_profile_id_kind_pk" PRIMARY KEY("profile_id","kind"),
	CONSTRAINT "notification_preferences_kind_check" CHECK (kind IN ('follow', 'like', 'comment', 'repost', 'mention', 'application', 'verification', 'message')),
	CONSTRAINT "notification_preferences_email_check" CHECK (email IN ('off', 'immediate', 'daily'))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"recipient_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"group_key" text NOT NULL,
	"subject_id" uuid,
	"actor_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"actor_count" integer DEFAULT 1 NOT NULL,
	"detail" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"unseen" boolean DEFAULT true NOT NULL,
	"read_at" timestamp (3) with time zone,
	"deliver_after" timestamp (3) with time zone,
	"digested_at" timestamp (3) with time zone,
	CONSTRAINT "notifications_kind_check" CHECK (kind IN ('follow', 'like', 'comment', 'repost', 'mention', 'application', 'verification')),
	CONSTRAINT "notifications_actor_count_check" CHECK (actor_count >= 0)
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sent_mails" (
	"key" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"sent_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_recipient_id_profiles_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_recipient_updated_idx" ON "notifications" USING btree ("recipient_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_open_group_key" ON "notifications" USING btree ("recipient_id","group_key") WHERE read_at IS NULL;--> statement-breakpoint
CREATE INDEX "notifications_unseen_idx" ON "notifications" USING btree ("recipient_id") WHERE unseen;--> statement-breakpoint
CREATE INDEX "notifications_deliver_after_idx" ON "notifications" USING btree ("deliver_after") WHERE deliver_after IS NOT NULL;--> statement-breakpoint
CREATE INDEX "notifications_subject_idx" ON "notifications" USING btree ("subject_id");--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_key" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_profile_idx" ON "push_subscriptions" USING btree ("profile_id");--> statement-breakpoint
CREATE INDEX "sent_mails_sent_at_idx" ON "sent_mails" USING btree ("sent_at");