/// <reference types="vite/client" />

/** The id of the client build (web/vite.config.ts), compared with `/_build/latest.json`. */
declare const __STUDIO_BUILD_ID__: string;
