/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />

// Single Fetch is on (remix.config.js): loaders' types follow its serialisation.
declare module "@remix-run/server-runtime" {
  interface Future {
    v3_singleFetch: true;
  }
}

export {};
