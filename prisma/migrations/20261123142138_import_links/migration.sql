-- CreateTable
CREATE TABLE "ImportLink" (
    "kind" TEXT NOT NULL,
    "sourceId" TEXT NOT NULL,
    "localId" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL,

    PRIMARY KEY ("kind", "sourceId")
);

-- CreateIndex
CREATE INDEX "ImportLink_kind_localId_idx" ON "ImportLink"("kind", "localId");

