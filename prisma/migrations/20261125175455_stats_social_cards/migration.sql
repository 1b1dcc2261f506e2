-- CreateTable
CREATE TABLE "Visit" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "day" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "projectId" INTEGER,
    "referrer" TEXT NOT NULL DEFAULT '',
    "visitor" TEXT NOT NULL,
    "views" INTEGER NOT NULL DEFAULT 1
);

-- CreateTable
CREATE TABLE "VisitSalt" (
    "day" TEXT NOT NULL PRIMARY KEY,
    "salt" TEXT NOT NULL
);

-- CreateTable
CREATE TABLE "Setting" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "value" TEXT NOT NULL,
    "updatedAt" DATETIME NOT NULL
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Project" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "title" TEXT NOT NULL,
    "subtitle" TEXT NOT NULL DEFAULT '',
    "clientName" TEXT NOT NULL DEFAULT '',
    "date" TEXT NOT NULL DEFAULT '',
    "service" TEXT NOT NULL DEFAULT '',
    "budget" REAL,
    "strategy" TEXT NOT NULL DEFAULT '',
    "design" TEXT NOT NULL DEFAULT '',
    "userExperience" TEXT NOT NULL DEFAULT '',
    "shortDescription" TEXT NOT NULL DEFAULT '',
    "longDescription" TEXT NOT NULL DEFAULT '',
    "liveView" TEXT NOT NULL DEFAULT '',
    "sourceCode" TEXT NOT NULL DEFAULT '',
    "thumbnail" TEXT NOT NULL DEFAULT '',
    "ogImage" TEXT NOT NULL DEFAULT '',
    "skill" TEXT NOT NULL,
    "level" TEXT NOT NULL,
    "featured" BOOLEAN NOT NULL DEFAULT false,
    "draft" BOOLEAN NOT NULL DEFAULT false,
    "position" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "new_Project" ("budget", "clientName", "createdAt", "date", "design", "draft", "featured", "id", "level", "liveView", "longDescription", "position", "service", "shortDescription", "skill", "sourceCode", "strategy", "subtitle", "thumbnail", "title", "updatedAt", "userExperience") SELECT "budget", "clientName", "createdAt", "date", "design", "draft", "featured", "id", "level", "liveView", "longDescription", "position", "service", "shortDescription", "skill", "sourceCode", "strategy", "subtitle", "thumbnail", "title", "updatedAt", "userExperience" FROM "Project";
DROP TABLE "Project";
ALTER TABLE "new_Project" RENAME TO "Project";
CREATE INDEX "Project_skill_idx" ON "Project"("skill");
CREATE INDEX "Project_position_id_idx" ON "Project"("position", "id");
CREATE INDEX "Project_draft_featured_idx" ON "Project"("draft", "featured");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- CreateIndex
CREATE INDEX "Visit_day_projectId_idx" ON "Visit"("day", "projectId");

-- CreateIndex
CREATE UNIQUE INDEX "Visit_day_visitor_path_referrer_key" ON "Visit"("day", "visitor", "path", "referrer");

