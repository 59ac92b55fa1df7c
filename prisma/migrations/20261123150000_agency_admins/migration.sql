-- AlterTable: agency users who manage their agency's team (issue 16 item 7).
ALTER TABLE "users" ADD COLUMN     "agency_admin" BOOLEAN NOT NULL DEFAULT false;

-- Every agency that already has portal users keeps one who can manage the team: its first user.
UPDATE "users" u SET "agency_admin" = true
 WHERE u."role" = 'agency' AND u."id" = (SELECT MIN(x."id") FROM "users" x WHERE x."agency_id" = u."agency_id" AND x."role" = 'agency');
