DROP INDEX "admin_actions_created_at_idx";--> statement-breakpoint
DROP INDEX "athlete_profiles_sport_idx";--> statement-breakpoint
DROP INDEX "follows_following_idx";--> statement-breakpoint
DROP INDEX "conversations_user1_last_idx";--> statement-breakpoint
DROP INDEX "conversations_user2_last_idx";--> statement-breakpoint
DROP INDEX "messages_conversation_created_at_idx";--> statement-breakpoint
DROP INDEX "athlete_offers_created_at_idx";--> statement-breakpoint
DROP INDEX "athlete_offers_sport_created_at_idx";--> statement-breakpoint
DROP INDEX "athlete_offers_posted_by_idx";--> statement-breakpoint
DROP INDEX "offer_applications_offer_created_at_idx";--> statement-breakpoint
DROP INDEX "offer_applications_applicant_idx";--> statement-breakpoint
DROP INDEX "comments_post_created_at_idx";--> statement-breakpoint
DROP INDEX "posts_created_at_idx";--> statement-breakpoint
DROP INDEX "posts_sport_created_at_idx";--> statement-breakpoint
DROP INDEX "posts_user_created_at_idx";--> statement-breakpoint
DROP INDEX "reposts_user_created_at_idx";--> statement-breakpoint
DROP INDEX "profiles_created_at_idx";--> statement-breakpoint
DROP INDEX "verification_requests_created_at_idx";--> statement-breakpoint
DROP INDEX "verification_requests_profile_idx";--> statement-breakpoint
CREATE INDEX "admin_actions_created_at_idx" ON "admin_actions" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "athlete_profiles_sport_idx" ON "athlete_profiles" USING btree (lower("sport"),"updated_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "follows_following_idx" ON "follows" USING btree ("following_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "conversations_user1_last_idx" ON "conversations" USING btree ("user1_id","last_message_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "conversations_user2_last_idx" ON "conversations" USING btree ("user2_id","last_message_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "messages_conversation_created_at_idx" ON "messages" USING btree ("conversation_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "athlete_offers_created_at_idx" ON "athlete_offers" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "athlete_offers_sport_created_at_idx" ON "athlete_offers" USING btree ("sport","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "athlete_offers_posted_by_idx" ON "athlete_offers" USING btree ("posted_by","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "offer_applications_offer_created_at_idx" ON "offer_applications" USING btree ("offer_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "offer_applications_applicant_idx" ON "offer_applications" USING btree ("applicant_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "comments_post_created_at_idx" ON "comments" USING btree ("post_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "posts_created_at_idx" ON "posts" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "posts_sport_created_at_idx" ON "posts" USING btree ("sport","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "posts_user_created_at_idx" ON "posts" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "reposts_user_created_at_idx" ON "reposts" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "profiles_created_at_idx" ON "profiles" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "verification_requests_created_at_idx" ON "verification_requests" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "verification_requests_profile_idx" ON "verification_requests" USING btree ("profile_id","created_at" DESC NULLS FIRST);