CREATE TABLE "organization_profiles" (
	"profile_id" uuid PRIMARY KEY NOT NULL,
	"about" text,
	"sports" text[] DEFAULT '{}'::text[] NOT NULL,
	"city" text,
	"country" text,
	"league" text,
	"website" text,
	"founded_year" integer,
	"licence_number" text,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_profiles_founded_year_check" CHECK ("organization_profiles"."founded_year" IS NULL OR "organization_profiles"."founded_year" >= 1850)
);
--> statement-breakpoint
ALTER TABLE "organization_profiles" ADD CONSTRAINT "organization_profiles_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "verification_requests_status_created_at_idx" ON "verification_requests" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);