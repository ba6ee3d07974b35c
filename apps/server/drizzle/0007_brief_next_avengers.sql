ALTER TABLE "messages" ADD COLUMN "media_width" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "media_height" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "media_variant_widths" integer[];--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "media_width" integer;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "media_height" integer;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "media_variant_widths" integer[];--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "height" integer;--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "variant_widths" integer[];