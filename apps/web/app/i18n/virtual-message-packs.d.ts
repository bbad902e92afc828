/** Which script has which message packs, by language: written by apps/web/vite/message-packs.ts. */
declare module "virtual:message-packs" {
  const packs: Record<string, Record<string, string>>;
  export default packs;
}
