// Options of Remix's Vite plugin (passed to it by vite.config.ts).
// Routes follow Remix v2's flat-route convention: app/routes/<url.segments>.tsx.

/** @type {import("@remix-run/dev").VitePluginConfig} */
const remixConfig = {
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
