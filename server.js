// Starts Folio's server (server/main.ts). tsx compiles its TypeScript as it loads, the same way
// in development (`node server.js --dev`) and production (`npm start`, the container), so the
// server shares the app's modules (configuration, client address, names) instead of copying them.
import { register } from "tsx/esm/api";

register();
await import("./server/main.ts");
