/** How the wizard renders: up to 60 frames a second, so a resolution that lands soon after a key is drawn at once (Ink's default is 30). */
export const RENDER_OPTIONS = {exitOnCtrlC: false, maxFps: 60} as const
