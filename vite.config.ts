import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { restRoutes } from "./app/rest/table";
import remixConfig from "./remix.config.js";

export default defineConfig({
  plugins: [
    tailwindcss(),
    // The REST compatibility paths are registered in code from their table (app/rest/table.ts);
    // every other route is a file under app/routes.
    remix({ ...remixConfig, routes: restRoutes }),
    tsconfigPaths(),
  ],
  build: { target: "es2022" },
  server: { port: 3000 },
});
