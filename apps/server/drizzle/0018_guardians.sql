CREATE TABLE "guardians" (
	"profile_id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"link_id" uuid NOT NULL,
	"confirmed_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "guardians_email_length" CHECK (length("guardians"."email") <= 254)
);
--> statement-breakpoint
ALTER TABLE "guardians" ADD CONSTRAINT "guardians_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;