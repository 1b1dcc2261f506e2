-- CreateTable
CREATE TABLE "ImageDetail" (
    "src" TEXT NOT NULL PRIMARY KEY,
    "alt" TEXT NOT NULL DEFAULT '',
    "caption" TEXT NOT NULL DEFAULT '',
    "focalX" INTEGER NOT NULL DEFAULT 50,
    "focalY" INTEGER NOT NULL DEFAULT 50,
    "updatedAt" DATETIME NOT NULL
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Message" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "name" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "folder" TEXT NOT NULL DEFAULT 'inbox',
    "readAt" DATETIME,
    "notifyStatus" TEXT NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "lastError" TEXT,
    "nextAttemptAt" DATETIME,
    "sentAt" DATETIME,
    "ip" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,
    "spamReason" TEXT NOT NULL DEFAULT ''
);
INSERT INTO "new_Message" ("attempts", "createdAt", "email", "folder", "id", "ip", "lastError", "message", "name", "nextAttemptAt", "notifyStatus", "readAt", "sentAt", "subject", "updatedAt") SELECT "attempts", "createdAt", "email", "folder", "id", "ip", "lastError", "message", "name", "nextAttemptAt", "notifyStatus", "readAt", "sentAt", "subject", "updatedAt" FROM "Message";
DROP TABLE "Message";
ALTER TABLE "new_Message" RENAME TO "Message";
CREATE INDEX "Message_folder_createdAt_idx" ON "Message"("folder", "createdAt");
CREATE INDEX "Message_ip_createdAt_idx" ON "Message"("ip", "createdAt");
CREATE INDEX "Message_notifyStatus_nextAttemptAt_idx" ON "Message"("notifyStatus", "nextAttemptAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

