import { seed } from "../prisma/seed";
import { disconnectDb } from "~/models/db.server";

seed()
  .then((report) =>
    console.log(
      report.length ? `Seeded: ${report.join(", ")}.` : "Seed: nothing to add (already seeded).",
    ),
  )
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => disconnectDb());
