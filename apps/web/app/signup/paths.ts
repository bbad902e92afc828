/**
 * The signup's URLs, without the language prefix: the builders the server writes into its mails too
 * (packages/jsonapi/src/site-paths.ts), so a link in a mail and a link on a page are one path.
 */
export { placeOf, type SignupPlace, type SignupStep, signupPath, startPath } from "@sports/jsonapi";
