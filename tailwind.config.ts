import type { Config } from "tailwindcss";

/** The phone's own fonts: nothing to download for English pages. */
const SYSTEM_SANS = [
  "system-ui",
  "-apple-system",
  "Segoe UI",
  "Roboto",
  "Noto Sans",
  "Helvetica Neue",
  "Arial",
  "sans-serif",
  "Apple Color Emoji",
  "Segoe UI Emoji",
];

/**
 * Zipat's palette: warm and bright, every text pairing at WCAG AA or better. The light tints
 * (coral.light, teal.light, leaf, sun) are for illustrations and backgrounds, never for text.
 */
export default {
  content: ["./app/**/*.{ts,tsx}"],
  theme: {
    extend: {
      colors: {
        ink: { DEFAULT: "#1F2A44", soft: "#52607A" },
        navy: { DEFAULT: "#2E4A7D", dark: "#22385F", 50: "#EEF3FA" },
        coral: { DEFAULT: "#B93A24", dark: "#A3361F", light: "#FF6F59", 50: "#FFF1EE" },
        sun: { DEFAULT: "#FFC93C", 50: "#FFF7E6", 100: "#FFEFC7" },
        teal: { DEFAULT: "#0F766E", light: "#1B998B", 50: "#E6F6F4" },
        sky: { DEFAULT: "#BDE4F4", 50: "#EEF8FC" },
        leaf: { DEFAULT: "#7BC950", 50: "#EFF9E8" },
      },
      fontFamily: {
        sans: SYSTEM_SANS,
        // Hindi pages only (decision 0047): the self-hosted Devanagari face first, Latin falls through.
        hindi: ["Noto Sans Devanagari", ...SYSTEM_SANS],
      },
      boxShadow: {
        soft: "0 10px 30px -12px rgba(31, 42, 68, 0.25)",
        lift: "0 18px 40px -16px rgba(31, 42, 68, 0.35)",
      },
      borderRadius: { "4xl": "2rem" },
      keyframes: {
        marquee: { from: { transform: "translateX(0)" }, to: { transform: "translateX(-50%)" } },
        "toast-in": {
          from: { opacity: "0", transform: "translateY(-0.5rem)" },
          to: { opacity: "1", transform: "none" },
        },
      },
      animation: {
        // The city carousel loops every 30 seconds (spec section 9).
        marquee: "marquee 30s linear infinite",
        "toast-in": "toast-in 200ms ease-out",
      },
    },
  },
  plugins: [],
} satisfies Config;
