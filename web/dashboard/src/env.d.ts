/** Stylesheets imported for their side effect: esbuild bundles them into app.<hash>.css. */
declare module '*.css';
