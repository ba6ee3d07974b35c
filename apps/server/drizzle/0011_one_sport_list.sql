ALTER TABLE "athlete_offers" DROP CONSTRAINT "athlete_offers_sport_check";--> statement-breakpoint
ALTER TABLE "posts" DROP CONSTRAINT "posts_sport_check";--> statement-breakpoint
-- A CV's sport was free text: it becomes a slug of the list. Matched without case, spaces,
-- hyphens or underscores against each sport's slug, its label and a few common other names;
-- anything else becomes 'other'; a blank value becomes NULL.
UPDATE "athlete_profiles" AS ap
SET "sport" = CASE
  WHEN btrim(ap."sport") = '' THEN NULL
  ELSE coalesce(
    (
      SELECT known.slug
      FROM (VALUES
        ('football', 'football'), ('soccer', 'football'), ('associationfootball', 'football'),
        ('basketball', 'basketball'), ('basket', 'basketball'),
        ('tennis', 'tennis'),
        ('americanfootball', 'american-football'), ('gridiron', 'american-football'),
        ('rugby', 'rugby'), ('rugbyunion', 'rugby'), ('rugbyleague', 'rugby'),
        ('padel', 'padel'), ('paddle', 'padel'), ('padeltennis', 'padel'),
        ('baseball', 'baseball'),
        ('volleyball', 'volleyball'), ('volley', 'volleyball'),
        ('hockey', 'hockey'), ('icehockey', 'hockey'), ('fieldhockey', 'hockey'),
        ('athletics', 'athletics'), ('trackandfield', 'athletics'), ('trackfield', 'athletics'),
        ('badminton', 'badminton'),
        ('beachvolleyball', 'beach-volleyball'),
        ('boxing', 'boxing'),
        ('cricket', 'cricket'),
        ('cycling', 'cycling'),
        ('futsal', 'futsal'),
        ('golf', 'golf'),
        ('handball', 'handball'),
        ('martialarts', 'martial-arts'), ('mma', 'martial-arts'),
        ('swimming', 'swimming'),
        ('tabletennis', 'table-tennis'), ('pingpong', 'table-tennis'),
        ('waterpolo', 'water-polo'),
        ('other', 'other')
      ) AS known(name, slug)
      WHERE known.name = regexp_replace(lower(ap."sport"), '[[:space:]_&-]+', '', 'g')
    ),
    'other'
  )
END
WHERE ap."sport" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "athlete_profiles" ADD CONSTRAINT "athlete_profiles_sport_check" CHECK ("athlete_profiles"."sport" IS NULL OR sport IN ('football', 'basketball', 'tennis', 'american-football', 'rugby', 'padel', 'baseball', 'volleyball', 'hockey', 'athletics', 'badminton', 'beach-volleyball', 'boxing', 'cricket', 'cycling', 'futsal', 'golf', 'handball', 'martial-arts', 'swimming', 'table-tennis', 'water-polo', 'other'));--> statement-breakpoint
ALTER TABLE "athlete_offers" ADD CONSTRAINT "athlete_offers_sport_check" CHECK (sport IN ('football', 'basketball', 'tennis', 'american-football', 'rugby', 'padel', 'baseball', 'volleyball', 'hockey', 'athletics', 'badminton', 'beach-volleyball', 'boxing', 'cricket', 'cycling', 'futsal', 'golf', 'handball', 'martial-arts', 'swimming', 'table-tennis', 'water-polo', 'other'));--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_sport_check" CHECK (sport IN ('football', 'basketball', 'tennis', 'american-football', 'rugby', 'padel', 'baseball', 'volleyball', 'hockey', 'athletics', 'badminton', 'beach-volleyball', 'boxing', 'cricket', 'cycling', 'futsal', 'golf', 'handball', 'martial-arts', 'swimming', 'table-tennis', 'water-polo', 'other'));--> statement-breakpoint
ALTER TABLE "organization_profiles" ADD CONSTRAINT "organization_profiles_sports_check" CHECK (sports <@ ARRAY['football', 'basketball', 'tennis', 'american-football', 'rugby', 'padel', 'baseball', 'volleyball', 'hockey', 'athletics', 'badminton', 'beach-volleyball', 'boxing', 'cricket', 'cycling', 'futsal', 'golf', 'handball', 'martial-arts', 'swimming', 'table-tennis', 'water-polo', 'other']::text[]);