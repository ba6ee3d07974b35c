CREATE TABLE "admin_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_user_id" uuid,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"details" jsonb,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refresh_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"family_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"persistent" boolean NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"spent_at" timestamp (3) with time zone,
	"revoked_at" timestamp (3) with time zone,
	"user_agent" text,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "sign_in_failures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email_lower" text NOT NULL,
	"ip" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_roles_user_id_role_pk" PRIMARY KEY("user_id","role"),
	CONSTRAINT "user_roles_role_check" CHECK (role IN ('admin'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"email_confirmed_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "athlete_profiles" (
	"profile_id" uuid PRIMARY KEY NOT NULL,
	"sport" text,
	"main_position" text,
	"other_positions" text,
	"height_cm" integer,
	"weight_kg" numeric(5, 1),
	"arm_span" text,
	"birthdate" date,
	"sex" text,
	"nationalities" text,
	"about_player" text,
	"availability_status" text,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "athlete_profiles_availability_check" CHECK ("athlete_profiles"."availability_status" IS NULL OR availability_status IN ('Available', 'Not Available')),
	CONSTRAINT "athlete_profiles_height_check" CHECK ("athlete_profiles"."height_cm" IS NULL OR "athlete_profiles"."height_cm" BETWEEN 50 AND 272),
	CONSTRAINT "athlete_profiles_weight_check" CHECK ("athlete_profiles"."weight_kg" IS NULL OR "athlete_profiles"."weight_kg" BETWEEN 20 AND 300)
);
--> statement-breakpoint
CREATE TABLE "awards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"award_date" date,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "career_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"season" text NOT NULL,
	"team_name" text NOT NULL,
	"role" text DEFAULT 'Member' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "follows" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"follower_id" uuid NOT NULL,
	"following_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follows_no_self_follow" CHECK ("follows"."follower_id" <> "follows"."following_id")
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user1_id" uuid NOT NULL,
	"user2_id" uuid NOT NULL,
	"last_message_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversations_ordered_pair" CHECK ("conversations"."user1_id" < "conversations"."user2_id")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"sender_id" uuid NOT NULL,
	"content" text,
	"media_url" text,
	"media_type" text,
	"media_path" text,
	"read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_media_type_check" CHECK ("messages"."media_type" IS NULL OR media_type IN ('image', 'video')),
	CONSTRAINT "messages_content_length_check" CHECK ("messages"."content" IS NULL OR char_length("messages"."content") <= 500),
	CONSTRAINT "messages_not_empty_check" CHECK ("messages"."content" IS NOT NULL OR "messages"."media_url" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "athlete_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"posted_by" uuid NOT NULL,
	"title" text NOT NULL,
	"organization_name" text NOT NULL,
	"location" text NOT NULL,
	"league_level" text,
	"sport" text NOT NULL,
	"positions" text NOT NULL,
	"contract_type" text NOT NULL,
	"salary" text NOT NULL,
	"description" text NOT NULL,
	"requirements" text,
	"application_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "athlete_offers_sport_check" CHECK (sport IN ('basketball', 'football', 'tennis', 'baseball', 'volleyball', 'hockey', 'rugby', 'other')),
	CONSTRAINT "athlete_offers_contract_type_check" CHECK (contract_type IN ('Short-Term', 'Full Season', 'Multi-Year')),
	CONSTRAINT "athlete_offers_application_count_check" CHECK ("athlete_offers"."application_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "offer_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" uuid NOT NULL,
	"applicant_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"cv_path" text,
	"athlete_name" text NOT NULL,
	"email" text NOT NULL,
	"sport" text NOT NULL,
	"current_team" text,
	"position_role" text NOT NULL,
	"years_experience" integer NOT NULL,
	"achievements" text,
	"height_weight" text,
	"availability" text NOT NULL,
	"why_interested" text NOT NULL,
	"willing_to_relocate" boolean NOT NULL,
	"desired_contract_duration" text NOT NULL,
	"consent_privacy_policy" boolean NOT NULL,
	"consent_data_sharing" boolean NOT NULL,
	CONSTRAINT "offer_applications_status_check" CHECK (status IN ('pending', 'reviewed', 'accepted', 'rejected')),
	CONSTRAINT "offer_applications_contract_check" CHECK (desired_contract_duration IN ('Short-Term', 'Full Season', 'Multi-Year')),
	CONSTRAINT "offer_applications_consents_check" CHECK ("offer_applications"."consent_privacy_policy" AND "offer_applications"."consent_data_sharing"),
	CONSTRAINT "offer_applications_years_check" CHECK ("offer_applications"."years_experience" BETWEEN 0 AND 80)
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comments_content_length_check" CHECK (char_length("comments"."content") BETWEEN 1 AND 500)
);
--> statement-breakpoint
CREATE TABLE "likes" (
	"user_id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "likes_user_id_post_id_pk" PRIMARY KEY("user_id","post_id")
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"content" text NOT NULL,
	"media_url" text,
	"media_type" text,
	"media_path" text,
	"sport" text NOT NULL,
	"likes_count" integer DEFAULT 0 NOT NULL,
	"comments_count" integer DEFAULT 0 NOT NULL,
	"reposts_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "posts_sport_check" CHECK (sport IN ('football', 'basketball', 'tennis', 'american-football', 'rugby', 'padel')),
	CONSTRAINT "posts_media_type_check" CHECK ("posts"."media_type" IS NULL OR media_type IN ('image', 'video')),
	CONSTRAINT "posts_content_length_check" CHECK (char_length("posts"."content") BETWEEN 1 AND 2000),
	CONSTRAINT "posts_counts_check" CHECK ("posts"."likes_count" >= 0 AND "posts"."comments_count" >= 0 AND "posts"."reposts_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reposts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profile_views" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"profile_id" uuid NOT NULL,
	"viewer_id" uuid NOT NULL,
	"viewed_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"username" text NOT NULL,
	"full_name" text NOT NULL,
	"avatar_url" text,
	"bio" text,
	"verified" boolean DEFAULT false NOT NULL,
	"user_type" text NOT NULL,
	"profile_views" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_user_type_check" CHECK (user_type IN ('player', 'agent', 'coach', 'club')),
	CONSTRAINT "profiles_profile_views_check" CHECK ("profiles"."profile_views" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bucket" text NOT NULL,
	"path" text NOT NULL,
	"owner_user_id" uuid NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp (3) with time zone
);
--> statement-breakpoint
CREATE TABLE "verification_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"profile_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"full_name" text NOT NULL,
	"organization_name" text NOT NULL,
	"organization_type" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"website" text,
	"official_contact" text,
	"additional_info" text,
	"reviewed_by" uuid,
	"reviewed_at" timestamp (3) with time zone,
	CONSTRAINT "verification_requests_status_check" CHECK (status IN ('pending', 'approved', 'rejected')),
	CONSTRAINT "verification_requests_type_check" CHECK (organization_type IN ('agent', 'coach', 'club'))
);
--> statement-breakpoint
ALTER TABLE "admin_actions" ADD CONSTRAINT "admin_actions_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "athlete_profiles" ADD CONSTRAINT "athlete_profiles_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "awards" ADD CONSTRAINT "awards_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "career_history" ADD CONSTRAINT "career_history_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_follower_id_profiles_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_following_id_profiles_id_fk" FOREIGN KEY ("following_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_user1_id_profiles_id_fk" FOREIGN KEY ("user1_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_user2_id_profiles_id_fk" FOREIGN KEY ("user2_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_profiles_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "athlete_offers" ADD CONSTRAINT "athlete_offers_posted_by_profiles_id_fk" FOREIGN KEY ("posted_by") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_applications" ADD CONSTRAINT "offer_applications_offer_id_athlete_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."athlete_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_applications" ADD CONSTRAINT "offer_applications_applicant_id_profiles_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "likes" ADD CONSTRAINT "likes_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "likes" ADD CONSTRAINT "likes_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reposts" ADD CONSTRAINT "reposts_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reposts" ADD CONSTRAINT "reposts_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_views" ADD CONSTRAINT "profile_views_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profile_views" ADD CONSTRAINT "profile_views_viewer_id_profiles_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_requests" ADD CONSTRAINT "verification_requests_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_requests" ADD CONSTRAINT "verification_requests_reviewed_by_profiles_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_actions_created_at_idx" ON "admin_actions" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "admin_actions_target_idx" ON "admin_actions" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_token_hash_key" ON "refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family_idx" ON "refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_user_idx" ON "refresh_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sign_in_failures_email_time_idx" ON "sign_in_failures" USING btree ("email_lower","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "athlete_profiles_sport_idx" ON "athlete_profiles" USING btree (lower("sport"),"updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "awards_profile_idx" ON "awards" USING btree ("profile_id","award_date");--> statement-breakpoint
CREATE INDEX "career_history_profile_idx" ON "career_history" USING btree ("profile_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "follows_pair_key" ON "follows" USING btree ("follower_id","following_id");--> statement-breakpoint
CREATE INDEX "follows_following_idx" ON "follows" USING btree ("following_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_pair_key" ON "conversations" USING btree ("user1_id","user2_id");--> statement-breakpoint
CREATE INDEX "conversations_user1_last_idx" ON "conversations" USING btree ("user1_id","last_message_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "conversations_user2_last_idx" ON "conversations" USING btree ("user2_id","last_message_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_conversation_created_at_idx" ON "messages" USING btree ("conversation_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_unread_idx" ON "messages" USING btree ("conversation_id","sender_id") WHERE NOT "messages"."read";--> statement-breakpoint
CREATE INDEX "athlete_offers_created_at_idx" ON "athlete_offers" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "athlete_offers_sport_created_at_idx" ON "athlete_offers" USING btree ("sport","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "athlete_offers_posted_by_idx" ON "athlete_offers" USING btree ("posted_by","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "offer_applications_offer_applicant_key" ON "offer_applications" USING btree ("offer_id","applicant_id");--> statement-breakpoint
CREATE INDEX "offer_applications_offer_created_at_idx" ON "offer_applications" USING btree ("offer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "offer_applications_applicant_idx" ON "offer_applications" USING btree ("applicant_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "comments_post_created_at_idx" ON "comments" USING btree ("post_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "comments_user_idx" ON "comments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "likes_post_idx" ON "likes" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "posts_created_at_idx" ON "posts" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posts_sport_created_at_idx" ON "posts" USING btree ("sport","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posts_user_created_at_idx" ON "posts" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "reposts_user_post_key" ON "reposts" USING btree ("user_id","post_id");--> statement-breakpoint
CREATE INDEX "reposts_user_created_at_idx" ON "reposts" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reposts_post_idx" ON "reposts" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "profile_views_profile_time_idx" ON "profile_views" USING btree ("profile_id","viewed_at");--> statement-breakpoint
CREATE INDEX "profile_views_viewer_profile_time_idx" ON "profile_views" USING btree ("viewer_id","profile_id","viewed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_user_id_key" ON "profiles" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_username_lower_key" ON "profiles" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "profiles_created_at_idx" ON "profiles" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "profiles_username_trgm_idx" ON "profiles" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_full_name_trgm_idx" ON "profiles" USING gin ("full_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "profiles_username_prefix_idx" ON "profiles" USING btree (lower("username") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "profiles_full_name_prefix_idx" ON "profiles" USING btree (lower("full_name") text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "stored_files_bucket_path_key" ON "stored_files" USING btree ("bucket","path");--> statement-breakpoint
CREATE INDEX "stored_files_unclaimed_idx" ON "stored_files" USING btree ("created_at") WHERE claimed_at IS NULL;--> statement-breakpoint
CREATE INDEX "verification_requests_created_at_idx" ON "verification_requests" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "verification_requests_profile_idx" ON "verification_requests" USING btree ("profile_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "verification_requests_one_pending_key" ON "verification_requests" USING btree ("profile_id") WHERE status = 'pending';