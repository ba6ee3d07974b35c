CREATE TABLE "message_policies" (
	"profile_id" uuid PRIMARY KEY NOT NULL,
	"policy" text NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_policies_policy_check" CHECK (policy IN ('everyone', 'following', 'verified_organisations', 'nobody'))
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "request_recipient_id" uuid;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "request_declined" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "message_policies" ADD CONSTRAINT "message_policies_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_request_recipient_id_profiles_id_fk" FOREIGN KEY ("request_recipient_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_request_recipient_idx" ON "conversations" USING btree ("request_recipient_id","last_message_at" DESC NULLS FIRST) WHERE "conversations"."request_recipient_id" IS NOT NULL;