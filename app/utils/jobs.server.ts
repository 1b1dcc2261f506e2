// Background jobs register themselves here with onServerStart/onServerStop (see lifecycle.server.ts).
// Import each job module below so the production build includes it.
import "./backup-schedule.server";
import "./notifier-job.server";
import "./image-prune-job.server";
import "./visit-retention-job.server";
export {};
