// What other areas may take from the sign-in area (eslint.config.js, "areas"): nothing yet; the
// signed-in user's profile and sign-out live in the shell (site/shell/session.ts).
export {};
