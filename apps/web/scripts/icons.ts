/**
 * Draws the installed site's icons from public/favicon.svg (docs/decisions/031-offline.md):
 * 192 and 512 px for the web app manifest, a maskable 512 px one whose mark stays inside the
 * safe zone (the inner 80 %) on the mark's own blue, and the 180 px apple-touch-icon, opaque as
 * iOS wants. Run after changing the favicon: `node apps/web/scripts/icons.ts`; the PNGs are committed.
 */
import { mkdir, readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const publicDir = fileURLToPath(new URL("../public/", import.meta.url));
/** The mark's blue, the circle's fill in favicon.svg. */
export const ICON_BACKGROUND = "#0b57d0";

export const ICONS = [
  { file: "icons/icon-192.png", size: 192, purpose: "any", padding: 0, background: null },
  { file: "icons/icon-512.png", size: 512, purpose: "any", padding: 0, background: null },
  { file: "icons/icon-maskable-512.png", size: 512, purpose: "maskable", padding: 0.2, background: ICON_BACKGROUND },
  { file: "icons/apple-touch-icon-180.png", size: 180, purpose: "apple", padding: 0.08, background: "#ffffff" },
] as const;

async function draw(svg: Buffer, icon: (typeof ICONS)[number]): Promise<void> {
  const inner = Math.round(icon.size * (1 - 2 * icon.padding));
  const mark = await sharp(svg, { density: 72 * Math.ceil(inner / 32) })
    .resize(inner, inner)
    .png()
    .toBuffer();
  const canvas = sharp({
    create: {
      width: icon.size,
      height: icon.size,
      channels: 4,
      background: icon.background ?? { r: 0, g: 0, b: 0, alpha: 0 },
    },
  });
  const offset = Math.round((icon.size - inner) / 2);
  await canvas
    .composite([{ input: mark, left: offset, top: offset }])
    .png()
    .toFile(`${publicDir}${icon.file}`);
}

if (import.meta.main) {
  const svg = await readFile(`${publicDir}favicon.svg`);
  await mkdir(`${publicDir}icons`, { recursive: true });
  for (const icon of ICONS) await draw(svg, icon);
  console.log(`wrote ${ICONS.map((icon) => icon.file).join(", ")}`);
}
