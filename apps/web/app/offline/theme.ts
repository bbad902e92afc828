/** The installed site's colours: the brand's blue, and the pages' background in dark mode (app.css). */
export const THEME_COLOURS = { light: "#0b57d0", dark: "#11151b" } as const;

/** The icon iOS puts on the home screen, drawn by apps/web/scripts/icons.ts. */
export const APPLE_TOUCH_ICON = "/icons/apple-touch-icon-180.png";
