ALTER TABLE "conversations" ADD COLUMN "user1_opened" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "user2_opened" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "edited_at" timestamp (3) with time zone;