-- AlterTable
ALTER TABLE "Owner" ADD COLUMN "totpLastStep" INTEGER;

