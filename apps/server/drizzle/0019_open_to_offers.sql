CREATE TABLE "open_to_offers" (
	"profile_id" uuid PRIMARY KEY NOT NULL,
	"visibility" text NOT NULL,
	"contract_types" text[] NOT NULL,
	"contract_ends_on" date,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "open_to_offers_visibility_check" CHECK (visibility IN ('everyone', 'verified')),
	CONSTRAINT "open_to_offers_contract_types_check" CHECK (cardinality("open_to_offers"."contract_types") > 0 AND contract_types <@ ARRAY['Short-Term', 'Full Season', 'Multi-Year']::text[])
);
--> statement-breakpoint
ALTER TABLE "open_to_offers" ADD CONSTRAINT "open_to_offers_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "open_to_offers_visibility_idx" ON "open_to_offers" USING btree ("visibility","updated_at" DESC NULLS FIRST);