// Options of Remix's Vite plugin (passed to it by vite.config.ts).
// Routes follow Remix v2's flat-route convention: app/routes/<url.segments>.tsx.

/** @type {import("@remix-run/dev").VitePluginConfig} */
const remixConfig = {
  // Separate build folders let several checkouts or test runs build side by side.
  buildDirectory: process.env.FOLIO_BUILD_DIR ?? "build",
  ignoredRouteFiles: ["**/*.test.{ts,tsx}", "**/.*", "**/*.css"],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_routeConfig: false,
    v3_singleFetch: false,
  },
};

export default remixConfig;
